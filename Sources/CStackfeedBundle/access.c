// Hand-written (bundle.c is generated): Swift's way into the bundled file table.
#include "StackfeedBundle.h"

const StackfeedBundledFile *stackfeed_bundled_file(unsigned long index) {
  return index < stackfeed_bundled_file_count ? &stackfeed_bundled_files[index] : 0;
}
