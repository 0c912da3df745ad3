// libvips loaded on first use (see CVips.h).
#include "CVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The library's types, enum values and functions this file loads, declared as in libvips 8.14, GLib 2.74 and
// Little CMS 2.14 (the drift check compiles them against <vips/vips.h> and <lcms2.h>). Declarations only: nothing
// calls them by name, the tables below hold their loaded addresses.
typedef struct _VipsImage VipsImage;
typedef struct _VipsArea VipsArea;
typedef struct _VipsArrayDouble VipsArrayDouble;
typedef struct _VipsRegion VipsRegion;
typedef unsigned char VipsPel;
// The drift check includes the real header first and defines this macro: C may not define an enum twice.
#ifndef STACKFEED_VIPS_DRIFT_CHECK
typedef enum { VIPS_INTERPRETATION_sRGB = 22 } VipsInterpretation;
typedef enum { VIPS_FORMAT_UCHAR = 0 } VipsBandFormat;
#define VIPS_MAX_COORD 10000000  // the longest side libvips takes
typedef enum { VIPS_EXTEND_BACKGROUND = 5 } VipsExtend;
typedef enum { VIPS_COMPASS_DIRECTION_CENTRE = 0 } VipsCompassDirection;
typedef enum { VIPS_FOREIGN_HEIF_COMPRESSION_AV1 = 4 } VipsForeignHeifCompression;
// Little CMS 2.14 (liblcms2.so.2, which libvips loads for its colour management): the pixel formats, intent and
// flags of the one transform made here.
#define TYPE_RGB_8 262169
#define TYPE_RGBA_8 262297
#define INTENT_RELATIVE_COLORIMETRIC 1
#define cmsFLAGS_NOCACHE 0x0040
#define cmsFLAGS_COPY_ALPHA 0x04000000
#endif  // STACKFEED_VIPS_DRIFT_CHECK
typedef void *cmsHPROFILE;
typedef void *cmsHTRANSFORM;
int vips_init(const char *argv0);
const char *vips_error_buffer(void);
void vips_error_clear(void);
void vips_cache_set_max(int max);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_thumbnail_image(VipsImage *in, VipsImage **out, int width, ...);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
int vips_image_get_orientation_swap(VipsImage *image);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
int vips_image_get_bands(const VipsImage *image);
int vips_image_hasalpha(VipsImage *image);
int vips_autorot(VipsImage *in, VipsImage **out, ...);
int vips_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height, ...);
int vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space, ...);
int vips_cast_uchar(VipsImage *in, VipsImage **out, ...);
int vips_flatten(VipsImage *in, VipsImage **out, ...);
int vips_bandjoin_const1(VipsImage *in, VipsImage **out, double c, ...);
int vips_gravity(VipsImage *in, VipsImage **out, VipsCompassDirection direction, int width, int height, ...);
VipsRegion *vips_region_new(VipsImage *image);
unsigned long vips_image_get_typeof(const VipsImage *image, const char *name);
int vips_image_get_blob(const VipsImage *image, const char *name, const void **data, size_t *length);
void vips_image_set_blob_copy(VipsImage *image, const char *name, const void *data, size_t length);
VipsPel *vips_region_fetch(VipsRegion *region, int left, int top, int width, int height, size_t *len);
VipsImage *vips_image_new_from_memory(const void *data, size_t size, int width, int height, int bands,
                                      VipsBandFormat format);
VipsArrayDouble *vips_array_double_new(const double *array, int n);
void vips_area_unref(VipsArea *area);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_heifsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_black(VipsImage **out, int width, int height, ...);
void g_object_unref(void *object);
void g_free(void *mem);
cmsHPROFILE cmsOpenProfileFromMem(const void *MemPtr, unsigned int dwSize);
cmsHPROFILE cmsCreate_sRGBProfile(void);
int cmsCloseProfile(cmsHPROFILE hProfile);
cmsHTRANSFORM cmsCreateTransform(cmsHPROFILE Input, unsigned int InputFormat, cmsHPROFILE Output,
                                 unsigned int OutputFormat, unsigned int Intent, unsigned int dwFlags);
void cmsDoTransform(cmsHTRANSFORM Transform, const void *InputBuffer, void *OutputBuffer, unsigned int Size);
void cmsDeleteTransform(cmsHTRANSFORM hTransform);

static struct {
  __typeof__(vips_init) *init;
  __typeof__(vips_error_buffer) *error_buffer;
  __typeof__(vips_error_clear) *error_clear;
  __typeof__(vips_cache_set_max) *cache_set_max;
  __typeof__(vips_thumbnail_buffer) *thumbnail_buffer;
  __typeof__(vips_thumbnail_image) *thumbnail_image;
  __typeof__(vips_image_new_from_buffer) *new_from_buffer;
  __typeof__(vips_image_get_orientation_swap) *orientation_swap;
  __typeof__(vips_image_get_width) *get_width;
  __typeof__(vips_image_get_height) *get_height;
  __typeof__(vips_image_get_bands) *get_bands;
  __typeof__(vips_image_hasalpha) *hasalpha;
  __typeof__(vips_autorot) *autorot;
  __typeof__(vips_extract_area) *extract_area;
  __typeof__(vips_colourspace) *colourspace;
  __typeof__(vips_cast_uchar) *cast_uchar;
  __typeof__(vips_flatten) *flatten;
  __typeof__(vips_bandjoin_const1) *bandjoin_const1;
  __typeof__(vips_gravity) *gravity;
  __typeof__(vips_region_new) *region_new;
  __typeof__(vips_image_get_typeof) *get_typeof;
  __typeof__(vips_image_get_blob) *get_blob;
  __typeof__(vips_image_set_blob_copy) *set_blob_copy;
  __typeof__(vips_region_fetch) *region_fetch;
  __typeof__(vips_image_new_from_memory) *new_from_memory;
  __typeof__(vips_array_double_new) *array_double_new;
  __typeof__(vips_area_unref) *area_unref;
  __typeof__(vips_jpegsave_buffer) *jpegsave_buffer;
  __typeof__(vips_webpsave_buffer) *webpsave_buffer;
  __typeof__(vips_heifsave_buffer) *heifsave_buffer;
  __typeof__(vips_black) *black;
  __typeof__(g_object_unref) *object_unref;
  __typeof__(g_free) *free;
} vips;

static struct {
  __typeof__(cmsOpenProfileFromMem) *open_profile;
  __typeof__(cmsCreate_sRGBProfile) *srgb_profile;
  __typeof__(cmsCloseProfile) *close_profile;
  __typeof__(cmsCreateTransform) *create_transform;
  __typeof__(cmsDoTransform) *transform;
  __typeof__(cmsDeleteTransform) *delete_transform;
} cms;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;
static pthread_once_t probing_avif = PTHREAD_ONCE_INIT;
static int avif;
// libvips' error buffer is one per process: each failure's text is read and cleared under this lock.
static pthread_mutex_t errors = PTHREAD_MUTEX_INITIALIZER;

// Reads one function of a library loaded as `library` into `*slot`; 0 when it is missing (dlerror() names both).
static int find(void *library, void **slot, const char *name) {
  dlerror();
  *slot = dlsym(library, name);
  if (*slot) return 1;
  const char *reason = dlerror();
  snprintf(load_error, sizeof load_error,
           "resizing images needs libvips (apt-get install libvips42): %s (stackfeed's declarations are those of "
           "libvips 8.14 and Little CMS 2.14)",
           reason ? reason : name);
  return 0;
}

static void load(void) {
  // The soname these declarations were checked against (Debian package libvips42).
  void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error,
             "resizing images needs libvips (apt-get install libvips42): cannot load libvips.so.42 (%s)",
             reason ? reason : "not found");
    return;
  }
  int found = find(library, (void **)&vips.init, "vips_init") &&
              find(library, (void **)&vips.error_buffer, "vips_error_buffer") &&
              find(library, (void **)&vips.error_clear, "vips_error_clear") &&
              find(library, (void **)&vips.cache_set_max, "vips_cache_set_max") &&
              find(library, (void **)&vips.thumbnail_buffer, "vips_thumbnail_buffer") &&
              find(library, (void **)&vips.thumbnail_image, "vips_thumbnail_image") &&
              find(library, (void **)&vips.new_from_buffer, "vips_image_new_from_buffer") &&
              find(library, (void **)&vips.orientation_swap, "vips_image_get_orientation_swap") &&
              find(library, (void **)&vips.get_width, "vips_image_get_width") &&
              find(library, (void **)&vips.get_height, "vips_image_get_height") &&
              find(library, (void **)&vips.get_bands, "vips_image_get_bands") &&
              find(library, (void **)&vips.hasalpha, "vips_image_hasalpha") &&
              find(library, (void **)&vips.autorot, "vips_autorot") &&
              find(library, (void **)&vips.extract_area, "vips_extract_area") &&
              find(library, (void **)&vips.colourspace, "vips_colourspace") &&
              find(library, (void **)&vips.cast_uchar, "vips_cast_uchar") &&
              find(library, (void **)&vips.flatten, "vips_flatten") &&
              find(library, (void **)&vips.bandjoin_const1, "vips_bandjoin_const1") &&
              find(library, (void **)&vips.gravity, "vips_gravity") &&
              find(library, (void **)&vips.region_new, "vips_region_new") &&
              find(library, (void **)&vips.get_typeof, "vips_image_get_typeof") &&
              find(library, (void **)&vips.get_blob, "vips_image_get_blob") &&
              find(library, (void **)&vips.set_blob_copy, "vips_image_set_blob_copy") &&
              find(library, (void **)&vips.region_fetch, "vips_region_fetch") &&
              find(library, (void **)&vips.new_from_memory, "vips_image_new_from_memory") &&
              find(library, (void **)&vips.array_double_new, "vips_array_double_new") &&
              find(library, (void **)&vips.area_unref, "vips_area_unref") &&
              find(library, (void **)&vips.jpegsave_buffer, "vips_jpegsave_buffer") &&
              find(library, (void **)&vips.webpsave_buffer, "vips_webpsave_buffer") &&
              find(library, (void **)&vips.heifsave_buffer, "vips_heifsave_buffer") &&
              find(library, (void **)&vips.black, "vips_black") &&
              find(library, (void **)&vips.object_unref, "g_object_unref") &&
              find(library, (void **)&vips.free, "g_free");
  if (!found) return;
  // libvips' colour management library (a dependency of Debian's libvips42, so loaded with it).
  void *lcms = dlopen("liblcms2.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!lcms) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error,
             "resizing images needs libvips (apt-get install libvips42) and its liblcms2.so.2 (%s)",
             reason ? reason : "not found");
    return;
  }
  found = find(lcms, (void **)&cms.open_profile, "cmsOpenProfileFromMem") &&
          find(lcms, (void **)&cms.srgb_profile, "cmsCreate_sRGBProfile") &&
          find(lcms, (void **)&cms.close_profile, "cmsCloseProfile") &&
          find(lcms, (void **)&cms.create_transform, "cmsCreateTransform") &&
          find(lcms, (void **)&cms.transform, "cmsDoTransform") &&
          find(lcms, (void **)&cms.delete_transform, "cmsDeleteTransform");
  if (!found) return;
  if (vips.init("stackfeed") != 0) {
    snprintf(load_error, sizeof load_error, "libvips did not start: %s", vips.error_buffer());
    return;
  }
  // No operation cache: every request's image is new to libvips, and a cache would only hold memory.
  vips.cache_set_max(0);
  loaded = 1;
}

int stackfeed_vips_load(void) {
  pthread_once(&loading, load);
  return loaded;
}

void stackfeed_vips_load_error(char *text, size_t capacity) {
  if (capacity > 0) snprintf(text, capacity, "%s", load_error);
}

// The output of the thread's last resize, until stackfeed_vips_take copies it out.
static _Thread_local void *kept;
static _Thread_local size_t kept_length;

// Copies libvips' error text to `error` (its last line, without the newline) and clears it: BAD_IMAGE.
static int failed(char *error, size_t capacity) {
  pthread_mutex_lock(&errors);
  const char *text = vips.error_buffer();
  size_t length = strlen(text);
  while (length > 0 && text[length - 1] == '\n') length--;
  size_t start = length;
  while (start > 0 && text[start - 1] != '\n') start--;
  snprintf(error, capacity, "%.*s", (int)(length - start), text + start);
  if (error[0] == 0) snprintf(error, capacity, "libvips could not read the image");
  vips.error_clear();
  pthread_mutex_unlock(&errors);
  return STACKFEED_VIPS_BAD_IMAGE;
}

// Replaces `*image` by what `step` made of it (NULL on failure, the old one released either way).
static int then(VipsImage **image, int made, VipsImage *next) {
  vips.object_unref(*image);
  *image = made == 0 ? next : NULL;
  return made == 0;
}

// The 8-bit pixels of `image`, every band, row after row, computed on the calling thread (a buffer of `*size` bytes
// to free with g_free; NULL on failure). libvips' own sinks (vips_image_write_to_memory, every saver) hand an image
// to a pool of worker threads, a strip each, while the calling thread waits: a resize then moves from thread to
// thread, and one resize per core (the server's bound) leaves cores idle at each hand-off. Pulled through one
// region, the decode and the resize run where the caller holds its slot.
static VipsPel *pixels(VipsImage *image, size_t *size) {
  VipsRegion *region = vips.region_new(image);
  if (!region) return NULL;
  VipsPel *bytes = vips.region_fetch(region, 0, 0, vips.get_width(image), vips.get_height(image), size);
  vips.object_unref(region);
  return bytes;
}

// The name libvips keeps an image's embedded ICC colour profile under (VIPS_META_ICC_NAME).
static const char profile[] = "icc-profile-data";

// The colour profile `image` carries (`*data`, `*length`: libvips' copy) when it describes RGB pixels (its header's
// colour space, bytes 16 … 19, is `RGB `), as every picture thumbnail() makes has: 0 without one, or for a grey or
// CMYK profile libvips keeps on the sRGB pixels it converted from it (a CMYK JPEG's is often a megabyte), which
// vips_icc_is_compatible_profile of libvips 8.14 does not tell apart.
static int rgb_profile(VipsImage *image, const void **data, size_t *length) {
  return vips.get_typeof(image, profile) && vips.get_blob(image, profile, data, length) == 0 && *length >= 20 &&
         memcmp((const unsigned char *)*data + 16, "RGB ", 4) == 0;
}

// `*image` computed (pixels()) into memory at `*bytes` (to free with g_free once the image is released), replacing
// it with its colour profile (which the JPEG saver strips and the WebP and AVIF savers keep) when the profile
// describes these pixels (rgb_profile()); 0 on failure (the image released).
static int computed(VipsImage **image, VipsPel **bytes) {
  size_t size = 0;
  int width = vips.get_width(*image), height = vips.get_height(*image), bands = vips.get_bands(*image);
  *bytes = pixels(*image, &size);
  VipsImage *memory = *bytes ? vips.new_from_memory(*bytes, size, width, height, bands, VIPS_FORMAT_UCHAR) : NULL;
  const void *data = NULL;
  size_t length = 0;
  if (memory && rgb_profile(*image, &data, &length)) {
    vips.set_blob_copy(memory, profile, data, length);
  }
  vips.object_unref(*image);
  *image = memory;
  return memory != NULL;
}

// The transforms from a colour profile to sRGB made so far, kept for the next picture carrying the same profile:
// making one costs lcms about 27 M instructions (its 8-bit tables), about 14 % of a new 231 × 273 tile, applying
// it about 8 M. Made without lcms' one-pixel cache (cmsFLAGS_NOCACHE), so that threads can share one. At most
// 8 of them (a photo library has a few profiles); past that, a picture's transform is made and freed each
// time.
static struct {
  pthread_mutex_t lock;
  int count;
  struct {
    unsigned char *profile;
    size_t length;
    int bands;
    cmsHTRANSFORM transform;
  } kept[8];
} transforms = {.lock = PTHREAD_MUTEX_INITIALIZER};

// A transform of 8-bit pixels of `bands` bands (3, or 4 with alpha, which is copied) from the colour profile at
// `data` to sRGB (lcms' own, relative colorimetric: colours outside sRGB clipped); NULL when lcms cannot read the
// profile. `*kept` says whether it stays in `transforms` (else the caller deletes it).
static cmsHTRANSFORM srgb_transform(const void *data, size_t length, int bands, int *kept) {
  pthread_mutex_lock(&transforms.lock);
  for (int index = 0; index < transforms.count; index++) {
    if (transforms.kept[index].bands == bands && transforms.kept[index].length == length &&
        memcmp(transforms.kept[index].profile, data, length) == 0) {
      pthread_mutex_unlock(&transforms.lock);
      *kept = 1;
      return transforms.kept[index].transform;
    }
  }
  cmsHPROFILE from = cms.open_profile(data, (unsigned int)length), to = cms.srgb_profile();
  unsigned int format = bands == 4 ? TYPE_RGBA_8 : TYPE_RGB_8;
  cmsHTRANSFORM made = from && to ? cms.create_transform(from, format, to, format, INTENT_RELATIVE_COLORIMETRIC,
                                                         cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA)
                                  : NULL;
  if (from) cms.close_profile(from);
  if (to) cms.close_profile(to);
  int room = (size_t)transforms.count < sizeof transforms.kept / sizeof transforms.kept[0];
  unsigned char *copy = made && room ? malloc(length) : NULL;
  *kept = copy != NULL;
  if (copy) {
    memcpy(copy, data, length);
    transforms.kept[transforms.count].profile = copy;
    transforms.kept[transforms.count].length = length;
    transforms.kept[transforms.count].bands = bands;
    transforms.kept[transforms.count].transform = made;
    transforms.count++;
  }
  pthread_mutex_unlock(&transforms.lock);
  return made;
}

// `*image` (8-bit, 3 bands or 4 with alpha, as thumbnail() makes it) in sRGB, for a JPEG (whose saver strips the
// colour profile) and for the average colour (a CSS colour, sRGB): computed (pixels()) into memory at `*bytes` (to free with g_free once the image is
// released) and converted there from the profile the picture carries (srgb_transform()); without the conversion
// a Display P3 photo's values would be shown as sRGB ones, washed out. Left as it is (the same pixels, so the
// same bytes; `*bytes` NULL) without a profile, or with one that does not describe its pixels (rgb_profile()) or
// that lcms cannot read. 0 on failure (the image released).
static int in_srgb(VipsImage **image, VipsPel **bytes) {
  const void *data = NULL;
  size_t length = 0, size = 0;
  int width = vips.get_width(*image), height = vips.get_height(*image), bands = vips.get_bands(*image), kept = 0;
  *bytes = NULL;
  if ((bands != 3 && bands != 4) || !rgb_profile(*image, &data, &length)) return 1;
  cmsHTRANSFORM transform = srgb_transform(data, length, bands, &kept);
  if (!transform) return 1;
  *bytes = pixels(*image, &size);
  VipsImage *memory = *bytes ? vips.new_from_memory(*bytes, size, width, height, bands, VIPS_FORMAT_UCHAR) : NULL;
  if (memory) cms.transform(transform, *bytes, *bytes, (unsigned int)width * (unsigned int)height);
  if (!kept) cms.delete_transform(transform);
  vips.object_unref(*image);
  *image = memory;
  return memory != NULL;
}

// What a picture's header says: its stored size, and whether its Exif orientation turns it a quarter (the upright
// picture's sides swapped).
typedef struct {
  int width, height, swap;
} Header;

// Reads the header of the picture at `bytes` (no pixels decoded); 0 when libvips cannot (its error kept).
static int read_header(const void *bytes, size_t length, Header *header) {
  VipsImage *image = vips.new_from_buffer(bytes, length, "", NULL);
  if (!image) return 0;
  header->width = vips.get_width(image);
  header->height = vips.get_height(image);
  header->swap = vips.orientation_swap(image);
  vips.object_unref(image);
  return 1;
}

// The factor libjpeg should shrink the JPEG of `header` by while decoding it (1, 2, 4 or 8: its DCT scaling, which
// decodes an eighth of the pixels at 8) for a thumbnail of `width` × `height` (`crop`: filling it): the largest
// that leaves the decoded upright picture at least the thumbnail's size. libvips' own choice leaves twice the size
// for its final resize (a 1020 × 1029 photo for a 231 × 273 tile: shrunk 3.8 times, decoded whole), which costs a
// fifth of a resize's time for little the eye sees at a tile's size; sharp's default (fastShrinkOnLoad) makes the
// same choice.
static int jpeg_shrink(Header header, int width, int height, int crop) {
  if (width < 1 || height < 1) return 1;
  double across = header.swap ? header.height : header.width, down = header.swap ? header.width : header.height;
  double wide = across / width, tall = down / height;
  double shrink = crop ? (wide < tall ? wide : tall) : (wide > tall ? wide : tall);
  return shrink >= 8 ? 8 : shrink >= 4 ? 4 : shrink >= 2 ? 2 : 1;
}

// Whether `bytes` start as a JPEG does (SOI, then a marker).
static int is_jpeg(const void *bytes, size_t length) {
  const unsigned char *start = bytes;
  return length > 3 && start[0] == 0xFF && start[1] == 0xD8 && start[2] == 0xFF;
}

int stackfeed_vips_jpeg_shrink(const void *bytes, size_t length, int width, int height, int crop) {
  if (!stackfeed_vips_load()) return 0;
  Header header;
  if (is_jpeg(bytes, length) && read_header(bytes, length, &header)) return jpeg_shrink(header, width, height, crop);
  pthread_mutex_lock(&errors);
  vips.error_clear();  // a header it could not read: the resize says why
  pthread_mutex_unlock(&errors);
  return 1;
}

// The box libvips' thumbnail, which fits a picture inside its box, is given for a `width` × `height` thumbnail of
// a stored `across` × `down` picture (`swap`: turned a quarter to stand upright afterwards): the thumbnail's box in
// the stored orientation; for `crop` (filling the box) only the side the picture fills exactly, the other
// unbounded, so that the picture covers the box and is cropped afterwards. libvips' thumbnail crops itself, but
// copies the resized picture to memory first, on its worker threads; so does its turning upright.
static void thumbnail_box(int across, int down, int swap, int width, int height, int crop, int box[2]) {
  box[0] = swap ? height : width;
  box[1] = swap ? width : height;
  if (crop) box[(double)across / box[0] < (double)down / box[1] ? 1 : 0] = VIPS_MAX_COORD;
}

// The bytes decoded into a thumbnail fitting `width` × `height` (`crop`: filling it, cropped around the centre),
// turned upright by its Exif orientation and converted to 8-bit sRGB; NULL on failure (libvips' error kept). A
// truncated file is refused. A JPEG is decoded at the size jpeg_shrink gives, the others as libvips' thumbnail
// chooses (WebP shrinks while decoding too). Nothing is computed yet: pixels() pulls it all on one thread.
static VipsImage *thumbnail(const void *bytes, size_t length, int width, int height, int crop) {
  VipsImage *image = NULL, *next = NULL;
  Header header;
  int box[2];
  if (!read_header(bytes, length, &header)) return NULL;
  if (is_jpeg(bytes, length)) {
    char options[64];
    snprintf(options, sizeof options, "shrink=%d,fail_on=truncated,access=sequential",
             jpeg_shrink(header, width, height, crop));
    VipsImage *decoded = vips.new_from_buffer(bytes, length, options, NULL);
    if (!decoded) return NULL;
    thumbnail_box(vips.get_width(decoded), vips.get_height(decoded), header.swap, width, height, crop, box);
    int made = vips.thumbnail_image(decoded, &image, box[0], "height", box[1], "no_rotate", 1, NULL);
    vips.object_unref(decoded);
    if (made != 0) return NULL;
  } else {
    thumbnail_box(header.width, header.height, header.swap, width, height, crop, box);
    if (vips.thumbnail_buffer((void *)bytes, length, &image, box[0], "height", box[1], "no_rotate", 1,
                              "option_string", "fail_on=truncated", NULL) != 0) {
      return NULL;
    }
  }
  if (!then(&image, vips.autorot(image, &next, NULL), next)) return NULL;
  int across = vips.get_width(image), down = vips.get_height(image);
  int kept_across = crop && width < across ? width : across, kept_down = crop && height < down ? height : down;
  if ((kept_across < across || kept_down < down) &&
      !then(&image,
            vips.extract_area(image, &next, (across - kept_across) / 2, (down - kept_down) / 2, kept_across,
                              kept_down, NULL),
            next)) {
    return NULL;
  }
  if (!then(&image, vips.colourspace(image, &next, VIPS_INTERPRETATION_sRGB, NULL), next)) return NULL;
  if (!then(&image, vips.cast_uchar(image, &next, NULL), next)) return NULL;
  return image;
}

int stackfeed_vips_average(const void *bytes, size_t length, unsigned char rgb[3], char *error, size_t capacity) {
  if (!stackfeed_vips_load()) return STACKFEED_VIPS_MISSING;
  VipsImage *image = thumbnail(bytes, length, 256, 256, 0);
  if (!image) return failed(error, capacity);
  VipsPel *converted = NULL;  // a colour of a picture with a profile is an sRGB one too (a CSS colour)
  if (!in_srgb(&image, &converted)) {
    vips.free(converted);
    return failed(error, capacity);
  }
  size_t size = 0;
  VipsPel *made = pixels(image, &size);
  int bands = vips.get_bands(image);
  vips.object_unref(image);
  vips.free(converted);
  if (!made) return failed(error, capacity);
  // sRGB with 3 bands, or 4 with alpha (which is left out of the average).
  unsigned long long sums[3] = {0, 0, 0};
  size_t count = bands > 0 ? size / (size_t)bands : 0;
  for (size_t pixel = 0; pixel < count; pixel++) {
    for (int band = 0; band < 3 && band < bands; band++) sums[band] += made[pixel * (size_t)bands + band];
  }
  vips.free(made);
  for (int band = 0; band < 3; band++) {
    rgb[band] = count ? (unsigned char)((sums[band < bands ? band : 0] + count / 2) / count) : 0;
  }
  return STACKFEED_VIPS_OK;
}

// `image` placed in the centre of a `width` × `height` box of `background` (3 values; 4 with alpha 0 for a
// transparent WebP or AVIF box); NULL on failure.
static VipsImage *boxed(VipsImage *image, int width, int height, int format, const unsigned char background[3]) {
  VipsImage *next = NULL;
  double colour[4] = {background[0], background[1], background[2], 0};
  int bands = 3;
  if (format != STACKFEED_VIPS_JPEG) {
    bands = 4;
    if (!vips.hasalpha(image) && !then(&image, vips.bandjoin_const1(image, &next, 255, NULL), next)) return NULL;
  }
  VipsArrayDouble *fill = vips.array_double_new(colour, bands);
  int made = vips.gravity(image, &next, VIPS_COMPASS_DIRECTION_CENTRE, width, height, "extend",
                          VIPS_EXTEND_BACKGROUND, "background", fill, NULL);
  vips.area_unref((VipsArea *)fill);
  then(&image, made, next);
  return image;
}

// `image` made exactly `width` × `height` for `format`: in a JPEG, transparency flattened onto `background`; a
// picture smaller than the box placed in its centre (boxed()). NULL on failure (the image released).
static VipsImage *framed(VipsImage *image, int width, int height, int format, const unsigned char background[3]) {
  VipsImage *next = NULL;
  if (format == STACKFEED_VIPS_JPEG && vips.hasalpha(image)) {
    double colour[3] = {background[0], background[1], background[2]};
    VipsArrayDouble *fill = vips.array_double_new(colour, 3);
    int made = vips.flatten(image, &next, "background", fill, NULL);
    vips.area_unref((VipsArea *)fill);
    if (!then(&image, made, next)) return NULL;
  }
  if (vips.get_width(image) != width || vips.get_height(image) != height) {
    image = boxed(image, width, height, format, background);
  }
  return image;
}

// AVIF (HEIF with AV1) from `image`: libheif's AV1 encoder (libaom) at libvips' default quality, effort 4.
static int save_avif(VipsImage *image, void **output, size_t *output_length) {
  return vips.heifsave_buffer(image, output, output_length, "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                              "strip", 1, NULL);
}

// Encodes a 16 × 16 black picture as AVIF once: libvips has heifsave whether or not libheif, and libheif an AV1
// encoder, are there; only trying tells.
static void probe_avif(void) {
  VipsImage *image = NULL;
  void *output = NULL;
  size_t length = 0;
  if (vips.black(&image, 16, 16, "bands", 3, NULL) != 0) return;
  avif = save_avif(image, &output, &length) == 0 && length > 0;
  vips.object_unref(image);
  if (output) vips.free(output);
  pthread_mutex_lock(&errors);
  vips.error_clear();
  pthread_mutex_unlock(&errors);
}

int stackfeed_vips_avif(void) {
  if (!stackfeed_vips_load()) return 0;
  pthread_once(&probing_avif, probe_avif);
  return avif;
}

int stackfeed_vips_resize(const void *bytes, size_t length, int width, int height, int crop, int format,
                          int quality, const unsigned char background[3], size_t *output_length, char *error,
                          size_t capacity) {
  *output_length = 0;
  stackfeed_vips_take(NULL, 0);  // the output of a resize never taken: freed
  void *output = NULL;
  size_t saved_length = 0;
  if (!stackfeed_vips_load()) return STACKFEED_VIPS_MISSING;
  VipsImage *image = thumbnail(bytes, length, width, height, crop);
  if (!image) return failed(error, capacity);
  VipsPel *converted = NULL, *made = NULL;
  // A JPEG's colours converted before the background is added: it is the placeholder, an sRGB colour already.
  int ready = (format != STACKFEED_VIPS_JPEG || in_srgb(&image, &converted)) &&
              (image = framed(image, width, height, format, background)) && computed(&image, &made);
  vips.free(converted);  // computed() released the images over it
  if (!ready) {
    vips.free(made);
    return failed(error, capacity);
  }
  int saved;
  switch (format) {
  case STACKFEED_VIPS_WEBP: saved = vips.webpsave_buffer(image, &output, &saved_length, "strip", 1, NULL); break;
  case STACKFEED_VIPS_AVIF: saved = save_avif(image, &output, &saved_length); break;
  default:
    saved = vips.jpegsave_buffer(image, &output, &saved_length, "Q", quality, "strip", 1, "optimize_coding", 1,
                                 NULL);
  }
  vips.object_unref(image);
  vips.free(made);
  if (saved != 0) return failed(error, capacity);
  kept = output;
  kept_length = saved_length;
  *output_length = saved_length;
  return STACKFEED_VIPS_OK;
}

void stackfeed_vips_take(unsigned char *destination, size_t length) {
  if (!kept) return;
  if (destination) memcpy(destination, kept, length < kept_length ? length : kept_length);
  vips.free(kept);
  kept = NULL;
  kept_length = 0;
}
