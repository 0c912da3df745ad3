// libdeflate loaded on first use (see CDeflate.h).
#include "CDeflate.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// The library's types and functions this file loads, declared as in <libdeflate.h> 1.14 (the drift check
// compiles them against it). Declarations only: nothing calls them by name, the table below holds their
// loaded addresses.
struct libdeflate_compressor;
struct libdeflate_decompressor;
// The drift check includes the real header first and defines this macro: C may not define an enum twice.
#ifndef STACKFEED_DEFLATE_DRIFT_CHECK
enum libdeflate_result {
  LIBDEFLATE_SUCCESS = 0,
  LIBDEFLATE_BAD_DATA = 1,
  LIBDEFLATE_SHORT_OUTPUT = 2,
  LIBDEFLATE_INSUFFICIENT_SPACE = 3,
};
#endif  // STACKFEED_DEFLATE_DRIFT_CHECK
struct libdeflate_compressor *libdeflate_alloc_compressor(int compression_level);
size_t libdeflate_gzip_compress(struct libdeflate_compressor *compressor, const void *in, size_t in_nbytes,
                                void *out, size_t out_nbytes_avail);
size_t libdeflate_gzip_compress_bound(struct libdeflate_compressor *compressor, size_t in_nbytes);
void libdeflate_free_compressor(struct libdeflate_compressor *compressor);
struct libdeflate_decompressor *libdeflate_alloc_decompressor(void);
enum libdeflate_result libdeflate_gzip_decompress(struct libdeflate_decompressor *decompressor, const void *in,
                                                  size_t in_nbytes, void *out, size_t out_nbytes_avail,
                                                  size_t *actual_out_nbytes_ret);
void libdeflate_free_decompressor(struct libdeflate_decompressor *decompressor);

static struct {
  __typeof__(libdeflate_alloc_compressor) *alloc_compressor;
  __typeof__(libdeflate_gzip_compress) *gzip_compress;
  __typeof__(libdeflate_gzip_compress_bound) *gzip_compress_bound;
  __typeof__(libdeflate_free_compressor) *free_compressor;
  __typeof__(libdeflate_alloc_decompressor) *alloc_decompressor;
  __typeof__(libdeflate_gzip_decompress) *gzip_decompress;
  __typeof__(libdeflate_free_decompressor) *free_decompressor;
} deflate;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

enum { levels = 13 };  // libdeflate's levels 0-12
// Each thread's compressors, one per level, allocated on first use and freed when the thread ends.
static pthread_key_t compressors;

// Reads one function of the library into `*slot`; 0 when it is missing.
static int find(void *library, void **slot, const char *name) {
  *slot = dlsym(library, name);
  if (*slot) return 1;
  snprintf(load_error, sizeof load_error,
           "compressing needs libdeflate (apt-get install libdeflate0): libdeflate.so.0 has no %s "
           "(stackfeed's declarations are those of libdeflate 1.14)",
           name);
  return 0;
}

static void free_compressors(void *table) {
  struct libdeflate_compressor **each = table;
  for (int level = 0; level < levels; level++) {
    if (each[level]) deflate.free_compressor(each[level]);
  }
  free(table);
}

static void load(void) {
  // The soname these declarations were checked against (Debian package libdeflate0).
  void *library = dlopen("libdeflate.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error,
             "compressing needs libdeflate (apt-get install libdeflate0): cannot load libdeflate.so.0 (%s)",
             reason ? reason : "not found");
    return;
  }
  loaded = find(library, (void **)&deflate.alloc_compressor, "libdeflate_alloc_compressor") &&
           find(library, (void **)&deflate.gzip_compress, "libdeflate_gzip_compress") &&
           find(library, (void **)&deflate.gzip_compress_bound, "libdeflate_gzip_compress_bound") &&
           find(library, (void **)&deflate.free_compressor, "libdeflate_free_compressor") &&
           find(library, (void **)&deflate.alloc_decompressor, "libdeflate_alloc_decompressor") &&
           find(library, (void **)&deflate.gzip_decompress, "libdeflate_gzip_decompress") &&
           find(library, (void **)&deflate.free_decompressor, "libdeflate_free_decompressor") &&
           pthread_key_create(&compressors, free_compressors) == 0;
}

int stackfeed_gzip_load(void) {
  pthread_once(&loading, load);
  return loaded;
}

const char *stackfeed_gzip_load_error(void) { return load_error[0] ? load_error : NULL; }

size_t stackfeed_gzip_bound(size_t length) {
  if (!stackfeed_gzip_load()) return 0;
  return deflate.gzip_compress_bound(NULL, length);  // NULL: the bound of any level
}

// This thread's compressor of `level`, allocated on first use; NULL when memory runs out.
static struct libdeflate_compressor *compressor(int level) {
  struct libdeflate_compressor **each = pthread_getspecific(compressors);
  if (!each) {
    each = calloc(levels, sizeof *each);
    if (!each || pthread_setspecific(compressors, each) != 0) {
      free(each);
      return NULL;
    }
  }
  if (!each[level]) each[level] = deflate.alloc_compressor(level);
  return each[level];
}

size_t stackfeed_gzip_compress(int level, const void *input, size_t length, void *output, size_t capacity) {
  if (!stackfeed_gzip_load() || level < 0 || level >= levels) return 0;
  struct libdeflate_compressor *each = compressor(level);
  return each ? deflate.gzip_compress(each, input, length, output, capacity) : 0;
}

int stackfeed_gzip_decompress(const void *input, size_t length, void *output, size_t capacity, size_t *written) {
  *written = 0;
  if (!stackfeed_gzip_load()) return 3;
  struct libdeflate_decompressor *decompressor = deflate.alloc_decompressor();
  if (!decompressor) return 3;
  enum libdeflate_result result = deflate.gzip_decompress(decompressor, input, length, output, capacity, written);
  deflate.free_decompressor(decompressor);
  switch (result) {
    case LIBDEFLATE_SUCCESS: return 0;
    case LIBDEFLATE_INSUFFICIENT_SPACE: return 2;
    default: return 1;
  }
}
