#ifndef STACKFEED_BUNDLE_H
#define STACKFEED_BUNDLE_H

/// One file of Migrations/ or Seeds/, compiled into the binary.
typedef struct {
  /// Path relative to the package root, e.g. "Migrations/0001_feed_item_create.sql".
  const char *path;
  /// The file's bytes (followed by a NUL that `length` does not count).
  const unsigned char *bytes;
  /// Number of bytes.
  unsigned long length;
} StackfeedBundledFile;

/// Every bundled file, sorted by path.
extern const StackfeedBundledFile stackfeed_bundled_files[];
/// Number of entries in `stackfeed_bundled_files`.
extern const unsigned long stackfeed_bundled_file_count;
/// Entry `index` of `stackfeed_bundled_files`, or NULL past the end. Swift cannot import an array of
/// unknown size, so it reads the table through this function.
const StackfeedBundledFile *stackfeed_bundled_file(unsigned long index);

#endif
