// libdeflate, for the GzipCore module only, without its header: building needs neither libdeflate-dev nor
// libdeflate; compressing needs the library at run time (Debian libdeflate0), and without it every function
// here says so (stackfeed_gzip_compress returns 0) and the HTTP API answers uncompressed.
//
// The library is not linked: it is loaded with dlopen(3) on the first call, so that a machine without it builds,
// tests and runs everything, and the commands that never compress do not load it. Its functions this package
// uses are declared in lazy.c as in <libdeflate.h> 1.14 (soname libdeflate.so.0);
// scripts/check-deflate-declarations.sh compiles them against the installed real header and fails on any
// difference; CI runs it.
#ifndef STACKFEED_CDEFLATE_H
#define STACKFEED_CDEFLATE_H

#include <stddef.h>

// Loads libdeflate (once per process; the other functions do too): 1 when it is loaded, else 0 and
// stackfeed_gzip_load_error says why.
int stackfeed_gzip_load(void);

// Why libdeflate could not be loaded, one sentence naming the package to install; NULL when it was loaded (or
// not tried yet).
const char *stackfeed_gzip_load_error(void);

// The most bytes stackfeed_gzip_compress writes for `length` input bytes; 0 when the library is missing.
size_t stackfeed_gzip_bound(size_t length);

// Compresses `length` bytes at `input` into one gzip member (RFC 1952) at compression level `level` (0-12;
// libdeflate's 6 is zlib's default), written to `output` (room for `capacity` bytes): the number of bytes
// written, or 0 when they do not fit or the library is missing. Each thread keeps one compressor per level.
size_t stackfeed_gzip_compress(int level, const void *input, size_t length, void *output, size_t capacity);

// Decompresses the gzip data at `input` (`length` bytes; one member) into `output` (room for `capacity`
// bytes), setting `*written`: 0 on success, 1 when the data is not valid gzip, 2 when `capacity` is too
// small, 3 when the library is missing.
int stackfeed_gzip_decompress(const void *input, size_t length, void *output, size_t capacity, size_t *written);

#endif  // STACKFEED_CDEFLATE_H
