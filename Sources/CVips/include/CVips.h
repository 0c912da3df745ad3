// libvips, for the ImageCore module only, without its header: building needs neither libvips-dev nor libvips;
// resizing needs the library at run time (Debian libvips42), and without it every function here says so
// (STACKFEED_VIPS_MISSING) and the HTTP API answers the original bytes.
//
// The library is not linked: it is loaded with dlopen(3) on the first call, so that a machine without it builds,
// tests and runs everything, and the commands that never resize do not load it (and GLib, and the codecs).
// Its types, enum values and functions this package uses are declared in lazy.c as in libvips 8.14 (soname
// libvips.so.42; g_free and g_object_unref as in GLib 2.74, and Little CMS's few as in 2.14, liblcms2.so.2, both
// of which libvips loads);
// scripts/check-vips-declarations.sh compiles them against the installed real header and fails on any
// difference; CI runs it.
#ifndef STACKFEED_CVIPS_H
#define STACKFEED_CVIPS_H

#include <stddef.h>

// What the functions below answer.
enum {
  STACKFEED_VIPS_OK = 0,
  // libvips refused the bytes (not an image it reads, truncated, …); the error text says why.
  STACKFEED_VIPS_BAD_IMAGE = 1,
  // libvips is not installed (stackfeed_vips_load_error says what to install).
  STACKFEED_VIPS_MISSING = 2,
};

// The encodings stackfeed_vips_resize writes.
enum {
  STACKFEED_VIPS_JPEG = 0,
  STACKFEED_VIPS_WEBP = 1,
  // AVIF: only where stackfeed_vips_avif() says this libvips can write it.
  STACKFEED_VIPS_AVIF = 2,
};

// Loads libvips and starts it (once per process; the other functions do too): 1 when it is ready, else 0 and
// stackfeed_vips_load_error says why.
int stackfeed_vips_load(void);

// Why libvips could not be loaded, one sentence naming the package to install, copied to `text` (`capacity`
// bytes, NUL-terminated); empty when it was loaded (or not tried yet).
void stackfeed_vips_load_error(char *text, size_t capacity);

// The average colour of the image encoded in `length` bytes at `bytes` (JPEG, PNG, WebP, …: whatever libvips
// reads; a truncated file is refused), in sRGB (a picture with a colour profile, a Display P3 photo, converted
// from it as a JPEG's tile is), written to `rgb` (red, green, blue). Decodes a thumbnail of at
// most 256 pixels a side (JPEG and WebP shrink while decoding), so the cost is small whatever the image.
// STACKFEED_VIPS_OK, or BAD_IMAGE with libvips' reason in `error` (`capacity` bytes), or MISSING.
int stackfeed_vips_average(const void *bytes, size_t length, unsigned char rgb[3], char *error, size_t capacity);

// The image encoded at `bytes` resized to exactly `width` × `height` pixels and encoded as `format`
// (STACKFEED_VIPS_JPEG, _WEBP or _AVIF): `crop` 1 fills the box and crops the overflow around the centre
// (cover); 0 fits the whole image inside it, centred, the rest of the box `background` (red, green, blue) in a
// JPEG and transparent in a WebP or AVIF (contain). The picture is turned upright by its Exif orientation first
// (the box is filled by the upright picture; the tag goes with the rest of the metadata). A JPEG is decoded
// shrunk by the largest of 8, 4 or 2 that leaves it at least the box's size (libjpeg's DCT scaling). A JPEG
// output is written at `quality` (1 … 100) with optimised Huffman tables (WebP and AVIF at libvips' defaults). A
// JPEG carries no colour profile, so the pixels of a picture with one (a Display P3 photo) are converted from it
// to sRGB first, on the calling thread (Little CMS, liblcms2.so.2, which libvips loads: relative colorimetric; a
// profile's transform is kept for the next picture with the same profile); a WebP or AVIF keeps the profile and
// the pixels. Only an RGB profile counts: a grey or CMYK one, which libvips keeps on the sRGB pixels it converts
// such a picture to, is dropped.
// On STACKFEED_VIPS_OK the output is `*output_length` bytes long, kept for the calling thread until
// stackfeed_vips_take copies it out; else BAD_IMAGE (with `error`) or MISSING.
int stackfeed_vips_resize(const void *bytes, size_t length, int width, int height, int crop, int format,
                          int quality, const unsigned char background[3], size_t *output_length, char *error,
                          size_t capacity);

// The factor a resize to `width` × `height` (`crop` as for stackfeed_vips_resize) decodes the JPEG at `bytes`
// shrunk by: the largest of 8, 4 and 2 that leaves the upright picture at least the box's size (covering it with
// `crop`, containing the fitted picture without), read from the header alone; 1 for any other picture, a box
// it already fits or a header it cannot read; 0 without libvips.
int stackfeed_vips_jpeg_shrink(const void *bytes, size_t length, int width, int height, int crop);

// Copies the output the calling thread's last successful stackfeed_vips_resize kept (up to `length` bytes, the
// `*output_length` it gave) to `destination` and frees it: the caller owns the bytes, and no pointer of the
// library's reaches Swift. A NULL `destination` only frees it.
void stackfeed_vips_take(unsigned char *destination, size_t length);

// 1 when this libvips writes AVIF (its heifsave with libheif's AV1 encoder: Debian 12's libvips42 pulls in
// libheif1 and libaom3), found by encoding a small picture once; else 0 (also without libvips).
int stackfeed_vips_avif(void);

#endif  // STACKFEED_CVIPS_H
