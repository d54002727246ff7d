#define _GNU_SOURCE
#include "cvips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct _VipsImage VipsImage;

// libvips's and glib's functions, declared here so that building blogbuild
// needs no libvips headers: only running it with images needs libvips.
static int (*p_vips_init)(const char *);
static const char *(*p_vips_version_string)(void);
static const char *(*p_vips_error_buffer)(void);
static void (*p_vips_error_clear)(void);
static void (*p_vips_concurrency_set)(int);
static void (*p_vips_cache_set_max)(int);
static VipsImage *(*p_vips_image_new_from_file)(const char *, ...);
static VipsImage *(*p_vips_image_new_from_memory_copy)(const void *, size_t, int, int, int, int);
static int (*p_vips_image_get_width)(const VipsImage *);
static int (*p_vips_image_get_height)(const VipsImage *);
static int (*p_vips_image_get_n_pages)(VipsImage *);
static int (*p_vips_image_get_orientation)(VipsImage *);
static int (*p_vips_image_get_interpretation)(const VipsImage *);
static unsigned long (*p_vips_image_get_typeof)(const VipsImage *, const char *);
static const char *(*p_vips_foreign_find_load)(const char *);
static int (*p_vips_thumbnail)(const char *, VipsImage **, int, ...);
static int (*p_vips_webpsave_buffer)(VipsImage *, void **, size_t *, ...);
static int (*p_vips_heifsave_buffer)(VipsImage *, void **, size_t *, ...);
static int (*p_vips_jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
static int (*p_vips_pngsave_buffer)(VipsImage *, void **, size_t *, ...);
static int (*p_vips_copy)(VipsImage *, VipsImage **, ...);
static char **(*p_vips_image_get_fields)(VipsImage *);
static int (*p_vips_image_remove)(VipsImage *, const char *);
static void (*p_g_strfreev)(char **);
static void (*p_g_object_unref)(void *);
static void (*p_g_free)(void *);
static char *(*p_g_compute_checksum_for_data)(int, const unsigned char *, size_t);
static unsigned (*p_g_log_set_handler)(const char *, int, void (*)(const char *, int, const char *, void *), void *);

/// libvips's last warning on this thread: its warnings go to glib's log, which
/// prints to stderr (the engine never prints), so they are kept here instead and
/// explain a failure when the error buffer does not ("invalid chunk type").
static _Thread_local char last_warning[256];

static void keep_warning(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)data;
    if (message) snprintf(last_warning, sizeof last_warning, "%s", message);
}

enum { VIPS_ACCESS_SEQUENTIAL = 1, VIPS_SIZE_DOWN = 2, VIPS_FAIL_ON_ERROR = 2, HEIF_AV1 = 4, VIPS_FORMAT_UCHAR = 0, G_CHECKSUM_SHA256 = 2,
       VIPS_INTERPRETATION_CMYK = 15 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

static void *find(void *lib, const char *name) {
    void *symbol = dlsym(lib, name);
    if (!symbol && !load_error[0]) snprintf(load_error, sizeof load_error, "libvips has no %s (too old?)", name);
    return symbol;
}

static void load_once(void) {
    // Lets a test (or a user) see what a machine without libvips gets.
    if (getenv("BLOGBUILD_NO_LIBVIPS")) {
        snprintf(load_error, sizeof load_error, "libvips is not used (BLOGBUILD_NO_LIBVIPS is set)");
        return;
    }
    const char *names[] = {"libvips.so.42", "libvips.so", "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib",
                           "/usr/local/lib/libvips.42.dylib", NULL};
    void *lib = NULL;
    for (int i = 0; names[i] && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error,
                 "libvips is not installed (Debian: apt install libvips42; macOS: brew install vips)");
        return;
    }
    *(void **)&p_vips_init = find(lib, "vips_init");
    *(void **)&p_vips_version_string = find(lib, "vips_version_string");
    *(void **)&p_vips_error_buffer = find(lib, "vips_error_buffer");
    *(void **)&p_vips_error_clear = find(lib, "vips_error_clear");
    *(void **)&p_vips_concurrency_set = find(lib, "vips_concurrency_set");
    *(void **)&p_vips_cache_set_max = find(lib, "vips_cache_set_max");
    *(void **)&p_vips_image_new_from_file = find(lib, "vips_image_new_from_file");
    *(void **)&p_vips_image_new_from_memory_copy = find(lib, "vips_image_new_from_memory_copy");
    *(void **)&p_vips_image_get_width = find(lib, "vips_image_get_width");
    *(void **)&p_vips_image_get_height = find(lib, "vips_image_get_height");
    *(void **)&p_vips_image_get_n_pages = find(lib, "vips_image_get_n_pages");
    *(void **)&p_vips_image_get_orientation = find(lib, "vips_image_get_orientation");
    *(void **)&p_vips_image_get_interpretation = find(lib, "vips_image_get_interpretation");
    *(void **)&p_vips_image_get_typeof = find(lib, "vips_image_get_typeof");
    *(void **)&p_vips_foreign_find_load = find(lib, "vips_foreign_find_load");
    *(void **)&p_vips_thumbnail = find(lib, "vips_thumbnail");
    *(void **)&p_vips_webpsave_buffer = find(lib, "vips_webpsave_buffer");
    *(void **)&p_vips_heifsave_buffer = find(lib, "vips_heifsave_buffer");
    *(void **)&p_vips_jpegsave_buffer = find(lib, "vips_jpegsave_buffer");
    *(void **)&p_vips_pngsave_buffer = find(lib, "vips_pngsave_buffer");
    *(void **)&p_vips_copy = find(lib, "vips_copy");
    *(void **)&p_vips_image_get_fields = find(lib, "vips_image_get_fields");
    *(void **)&p_vips_image_remove = find(lib, "vips_image_remove");
    *(void **)&p_g_strfreev = find(lib, "g_strfreev");
    *(void **)&p_g_object_unref = find(lib, "g_object_unref");
    *(void **)&p_g_free = find(lib, "g_free");
    *(void **)&p_g_compute_checksum_for_data = find(lib, "g_compute_checksum_for_data");
    *(void **)&p_g_log_set_handler = find(lib, "g_log_set_handler");
    if (load_error[0]) return;
    // Warnings, messages, info and debug of libvips and of the libraries it logs for.
    const char *domains[] = {"VIPS", "GLib", "GLib-GObject", NULL};
    for (int i = 0; domains[i]; i++) p_g_log_set_handler(domains[i], (1 << 4) | (1 << 5) | (1 << 6) | (1 << 7), keep_warning, NULL);
    if (p_vips_init("blogbuild") != 0) {
        snprintf(load_error, sizeof load_error, "libvips did not start: %s", p_vips_error_buffer());
        return;
    }
    // blogbuild spreads images over the cores itself; one thread per image keeps
    // memory bounded. The operation cache only holds on to memory here.
    p_vips_concurrency_set(1);
    p_vips_cache_set_max(0);
    loaded = 1;
}

int bb_vips_load(char *error, size_t error_len) {
    pthread_once(&once, load_once);
    if (!loaded && error && error_len) snprintf(error, error_len, "%s", load_error);
    return loaded;
}

const char *bb_vips_version(void) { return loaded ? p_vips_version_string() : ""; }

int bb_vips_was_loaded(void) { return loaded; }

static char library_path[4096];

const char *bb_vips_library_path(void) {
    if (!loaded) return "";
    if (!library_path[0]) {
        Dl_info info;
        if (dladdr((void *)p_vips_init, &info) && info.dli_fname) snprintf(library_path, sizeof library_path, "%s", info.dli_fname);
    }
    return library_path;
}

/// libvips's error buffer is one for the whole process, so images failing on
/// two threads at once write into the same buffer. A failure's message is the
/// buffer's last line that names this file; failing that, this thread's last
/// warning; failing that, `fallback`. The buffer is cleared only when it grows
/// (it has a fixed size), under a lock, so another thread's line may be gone by
/// then: that thread then says `fallback`, never this thread's message.
static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;

static void take_error(const char *path, char *error, size_t error_len, const char *fallback) {
    pthread_mutex_lock(&error_lock);
    const char *buffer = p_vips_error_buffer();
    const char *found = NULL;
    size_t found_len = 0;
    if (buffer && path) {
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        for (const char *line = buffer; *line;) {
            size_t n = strcspn(line, "\n");
            // Lines naming this file (libvips quotes the whole path, or says the name alone).
            for (const char *p = line; p + strlen(base) <= line + n; p++) {
                if (strncmp(p, base, strlen(base)) == 0) { found = line; found_len = n; break; }
            }
            line += n;
            if (*line == '\n') line++;
        }
    }
    if (found) {
        if (found_len >= error_len) found_len = error_len - 1;
        memcpy(error, found, found_len);
        error[found_len] = 0;
    } else {
        snprintf(error, error_len, "%s", last_warning[0] ? last_warning : fallback);
    }
    if (buffer && strlen(buffer) > 4096) p_vips_error_clear();
    pthread_mutex_unlock(&error_lock);
}

int bb_vips_header(const char *path, bb_image_header *header, char *error, size_t error_len) {
    if (!bb_vips_load(error, error_len)) return -1;
    last_warning[0] = 0;
    const char *loader = p_vips_foreign_find_load(path);
    if (!loader) {
        take_error(path, error, error_len, "not an image format libvips can read");
        return -1;
    }
    VipsImage *image = p_vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) {
        take_error(path, error, error_len, "cannot read the image");
        return -1;
    }
    header->width = p_vips_image_get_width(image);
    header->height = p_vips_image_get_height(image);
    header->pages = p_vips_image_get_n_pages(image);
    header->orientation = p_vips_image_get_orientation(image);
    snprintf(header->loader, sizeof header->loader, "%s", loader);
    p_g_object_unref(image);
    return 0;
}

static int save(VipsImage *image, const char *format, int quality, void **out, size_t *out_len) {
    if (strcmp(format, "webp") == 0)
        return p_vips_webpsave_buffer(image, out, out_len, "Q", quality, "strip", 1, NULL);
    if (strcmp(format, "avif") == 0)
        return p_vips_heifsave_buffer(image, out, out_len, "Q", quality, "compression", HEIF_AV1, "strip", 1, NULL);
    if (strcmp(format, "jpeg") == 0)
        return p_vips_jpegsave_buffer(image, out, out_len, "Q", quality, "strip", 1, "optimize_coding", 1, NULL);
    if (strcmp(format, "png") == 0)
        return p_vips_pngsave_buffer(image, out, out_len, "strip", 1, "compression", 6, NULL);
    return -1;
}

/// Whether the pixels of `path` need converting to sRGB: they carry an embedded
/// colour profile, or are CMYK. Untagged RGB and grey already are sRGB (what the
/// web assumes), and must not go through a profile at all: libvips 8.14's
/// thumbnail turns an untagged (201, 64, 32) into (197, 49, 27) when asked to
/// export to sRGB. Reads the header only. -1 when the file cannot be read.
static int needs_colour_conversion(const char *path) {
    VipsImage *image = p_vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    int needs = p_vips_image_get_typeof(image, "icc-profile-data") != 0
        || p_vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK;
    p_g_object_unref(image);
    return needs;
}

int bb_vips_derive(const char *path, int width, const char *format, int quality,
                   void **out, size_t *out_len, char *error, size_t error_len) {
    if (!bb_vips_load(error, error_len)) return -1;
    last_warning[0] = 0;
    int convert = needs_colour_conversion(path);
    if (convert < 0) {
        take_error(path, error, error_len, "cannot read the image");
        return -1;
    }
    VipsImage *thumb = NULL;
    // thumbnail: shrink-on-load where the format allows (memory stays small),
    // EXIF orientation applied, never enlarged; an embedded profile (or CMYK)
    // converted to sRGB, once.
    int status = convert
        ? p_vips_thumbnail(path, &thumb, width, "height", 10000000, "size", VIPS_SIZE_DOWN,
                           "export_profile", "srgb", "fail_on", VIPS_FAIL_ON_ERROR, NULL)
        : p_vips_thumbnail(path, &thumb, width, "height", 10000000, "size", VIPS_SIZE_DOWN,
                           "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (status != 0) {
        take_error(path, error, error_len, "cannot read the image");
        return -1;
    }
    // Savers' "strip" does not reach every format (libvips 8.14's WebP kept the
    // EXIF block, camera serial, GPS and a stale orientation included), so every
    // metadata field is removed from a copy before saving.
    VipsImage *bare = NULL;
    if (p_vips_copy(thumb, &bare, NULL) != 0) {
        p_g_object_unref(thumb);
        take_error(NULL, error, error_len, "cannot copy the image");
        return -1;
    }
    p_g_object_unref(thumb);
    char **fields = p_vips_image_get_fields(bare);
    for (int i = 0; fields && fields[i]; i++) p_vips_image_remove(bare, fields[i]);
    if (fields) p_g_strfreev(fields);
    status = save(bare, format, quality, out, out_len);
    p_g_object_unref(bare);
    if (status != 0) {
        take_error(NULL, error, error_len, "cannot write the image");
        return -1;
    }
    return 0;
}

int bb_vips_can_write(const char *format) {
    char error[256];
    if (!bb_vips_load(error, sizeof error)) return 0;
    unsigned char pixels[4 * 4 * 3];
    memset(pixels, 128, sizeof pixels);
    VipsImage *image = p_vips_image_new_from_memory_copy(pixels, sizeof pixels, 4, 4, 3, VIPS_FORMAT_UCHAR);
    if (!image) return 0;
    void *buffer = NULL;
    size_t len = 0;
    int ok = save(image, format, 50, &buffer, &len) == 0 && len > 0;
    if (buffer) p_g_free(buffer);
    p_g_object_unref(image);
    return ok;
}

void bb_vips_free(void *buffer) {
    if (buffer && loaded) p_g_free(buffer);
}

int bb_sha256_hex(const void *data, size_t len, char *out) {
    if (!loaded) return -1;
    char *hex = p_g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const unsigned char *)data, len);
    if (!hex) return -1;
    snprintf(out, 65, "%s", hex);
    p_g_free(hex);
    return 0;
}
