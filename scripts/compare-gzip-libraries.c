// zlib against libdeflate on one body, both writing gzip at one level (docs/BENCHMARKS.md, "Compression"): the
// output size and the best time of ROUNDS compressions, each library loaded with dlopen as GzipCore loads
// libdeflate. Needs zlib's header (zlib1g-dev) to build; libdeflate is declared here.
//   clang -O2 -o /tmp/compare-gzip scripts/compare-gzip-libraries.c -ldl
//   curl -s http://127.0.0.1:8080/v1/render >render.json && /tmp/compare-gzip render.json 6 300
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
struct libdeflate_compressor;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "rb"); int level = atoi(argv[2]); int rounds = atoi(argv[3]);
  static unsigned char in[1 << 22], out[1 << 22]; size_t n = fread(in, 1, sizeof in, f); fclose(f);
  void *z = dlopen("libz.so.1", RTLD_NOW);
  int (*dInit2)(z_streamp, int, int, int, int, int, const char *, int) = dlsym(z, "deflateInit2_");
  int (*dflate)(z_streamp, int) = dlsym(z, "deflate"); int (*dEnd)(z_streamp) = dlsym(z, "deflateEnd");
  const char *(*zver)(void) = dlsym(z, "zlibVersion");
  size_t zout = 0; double best = 1e18;
  for (int r = 0; r < rounds; r++) {
    double t0 = now(); z_stream s; memset(&s, 0, sizeof s);
    dInit2(&s, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, zver(), sizeof s);
    s.next_in = in; s.avail_in = n; s.next_out = out; s.avail_out = sizeof out; dflate(&s, Z_FINISH);
    zout = s.total_out; dEnd(&s); double t = now() - t0; if (t < best) best = t;
  }
  printf("zlib %s level %d: %zu -> %zu bytes (1/%.1f), %.0f us (best of %d)\n", zver(), level, n, zout, (double)n / zout, best, rounds);
  void *d = dlopen("libdeflate.so.0", RTLD_NOW);
  struct libdeflate_compressor *(*alloc)(int) = dlsym(d, "libdeflate_alloc_compressor");
  size_t (*gz)(struct libdeflate_compressor *, const void *, size_t, void *, size_t) = dlsym(d, "libdeflate_gzip_compress");
  void (*fr)(struct libdeflate_compressor *) = dlsym(d, "libdeflate_free_compressor");
  size_t dout = 0; best = 1e18; double bestAlloc = 1e18;
  for (int r = 0; r < rounds; r++) {
    double t0 = now(); struct libdeflate_compressor *c = alloc(level); double t1 = now();
    dout = gz(c, in, n, out, sizeof out); double t = now() - t1; fr(c);
    if (t < best) best = t; if (now() - t0 < bestAlloc) bestAlloc = now() - t0;
  }
  printf("libdeflate level %d: %zu -> %zu bytes (1/%.1f), %.0f us compressing, %.0f us with alloc+free (best of %d)\n", level, n, dout, (double)n / dout, best, bestAlloc, rounds);
}
