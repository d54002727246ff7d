#ifndef BLOGBUILD_CVIPS_H
#define BLOGBUILD_CVIPS_H

#include <stddef.h>

/// blogbuild's bridge to libvips. libvips is loaded at run time (dlopen), not
/// linked: Debian ships no static libvips, and the release binary must run
/// where libvips is not installed (images are then copied as they are, with a
/// notice). C calls libvips's variadic functions, which Swift cannot.

/// What a file's header says, read without decoding its pixels.
typedef struct {
    int width;      ///< as stored, before EXIF orientation
    int height;
    int pages;      ///< frames of an animated GIF or WebP; 1 otherwise
    int orientation;///< EXIF orientation 1-8 (1 when none)
    char loader[64];///< libvips's loader, e.g. "jpegload"
} bb_image_header;

/// Loads libvips once. Returns 1 when it is usable; else 0 with why in `error`.
int bb_vips_load(char *error, size_t error_len);

/// libvips's version, e.g. "8.14.1" (after a successful load).
const char *bb_vips_version(void);

/// 1 once libvips has loaded in this process (never loads it).
int bb_vips_was_loaded(void);

/// The file libvips was loaded from ("" before it loads): what a cached
/// record of this libvips's version and formats is checked against.
const char *bb_vips_library_path(void);

/// Reads the header of `path`. Returns 0 on success; else -1 with the reason.
int bb_vips_header(const char *path, bb_image_header *header, char *error, size_t error_len);

/// Makes one derived image: `path` shrunk to at most `width` pixels wide (never
/// enlarged), turned upright by its EXIF orientation, converted to sRGB once
/// (only when it has an embedded profile or is CMYK: untagged pixels are sRGB), with
/// all metadata stripped, encoded as `format` ("webp", "avif", "jpeg", "png")
/// at `quality`. On success returns 0 and a buffer the caller frees with
/// `bb_vips_free`; else -1 with the reason.
int bb_vips_derive(const char *path, int width, const char *format, int quality,
                   void **out, size_t *out_len, char *error, size_t error_len);

/// Encodes a tiny image as `format`: 1 when this libvips can write it.
int bb_vips_can_write(const char *format);

/// Frees a buffer from `bb_vips_derive`.
void bb_vips_free(void *buffer);

/// SHA-256 of `data` as 64 hex digits into `out` (65 bytes), by glib (loaded
/// with libvips). Returns 0, or -1 when libvips is not loaded.
int bb_sha256_hex(const void *data, size_t len, char *out);

#endif
