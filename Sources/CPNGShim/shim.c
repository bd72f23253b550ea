#include "galgen_png_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

/// Limits applied before libpng allocates: a side (as libjpeg's), the chunks it may keep (text,
/// unknown) and the memory one ancillary chunk may take once decompressed (iCCP, iTXt).
#define SHIM_MAX_SIDE 65535
#define SHIM_CHUNK_CACHE_MAX 128
#define SHIM_CHUNK_MALLOC_MAX (16u << 20)

/// One read, on the heap: nothing the error path reads is a local changed after setjmp. Every
/// entry point arms `jump` itself before calling into libpng.
typedef struct {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    const uint8_t *data;
    size_t size;
    size_t offset;
    png_bytep *rows;
    int image_read;          // every row read: a later error is only a warning
    char *message;           // the caller's buffer
    int warnings;
    char warning[GALGEN_PNG_MESSAGE_MAX];
} shim_context;

static void shim_error(png_structp png, png_const_charp text) {
    shim_context *ctx = png_get_error_ptr(png);
    const char *said = text != NULL ? text : "libpng error";
    // png_check_IHDR says why in warnings, then fails with "Invalid IHDR data": keep the why.
    if (strcmp(said, "Invalid IHDR data") == 0 && ctx->warnings > 0)
        snprintf(ctx->message, GALGEN_PNG_MESSAGE_MAX, "%s (%.150s)", said, ctx->warning);
    else
        snprintf(ctx->message, GALGEN_PNG_MESSAGE_MAX, "%s", said);
    longjmp(ctx->jump, 1);
}

/// Warnings and benign errors are counted and the first is kept; nothing is printed.
static void shim_warning(png_structp png, png_const_charp text) {
    shim_context *ctx = png_get_error_ptr(png);
    if (ctx->warnings++ == 0) snprintf(ctx->warning, sizeof ctx->warning, "%s", text != NULL ? text : "");
}

static void shim_read(png_structp png, png_bytep out, size_t length) {
    shim_context *ctx = png_get_io_ptr(png);
    if (length > ctx->size - ctx->offset) png_error(png, "unexpected end of file");
    memcpy(out, ctx->data + ctx->offset, length);
    ctx->offset += length;
}

static void shim_close(shim_context *ctx) {
    png_destroy_read_struct(&ctx->png, &ctx->info, NULL);
    free(ctx->rows);
    free(ctx);
}

/// Checks the signature and creates libpng's structures; NULL (with a message) on failure.
static shim_context *shim_open(const uint8_t *data, size_t size, char message[GALGEN_PNG_MESSAGE_MAX]) {
    if (size == 0) {
        snprintf(message, GALGEN_PNG_MESSAGE_MAX, "the file is empty");
        return NULL;
    }
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        snprintf(message, GALGEN_PNG_MESSAGE_MAX, "not a PNG file");
        return NULL;
    }
    shim_context *ctx = calloc(1, sizeof *ctx);
    if (ctx != NULL) ctx->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, ctx, shim_error, shim_warning);
    if (ctx != NULL && ctx->png != NULL) ctx->info = png_create_info_struct(ctx->png);
    if (ctx == NULL || ctx->png == NULL || ctx->info == NULL) {
        if (ctx != NULL) shim_close(ctx);
        snprintf(message, GALGEN_PNG_MESSAGE_MAX, "out of memory");
        return NULL;
    }
    ctx->data = data;
    ctx->size = size;
    ctx->offset = 8;
    ctx->message = message;
    return ctx;
}

/// Limits, then the chunks before the image data. Call with the jump armed.
static void shim_read_info(shim_context *ctx) {
    png_structp png = ctx->png;
    png_set_read_fn(png, ctx, shim_read);
    png_set_sig_bytes(png, 8);
    png_set_user_limits(png, SHIM_MAX_SIDE, SHIM_MAX_SIDE);
    png_set_chunk_cache_max(png, SHIM_CHUNK_CACHE_MAX);
    png_set_chunk_malloc_max(png, SHIM_CHUNK_MALLOC_MAX);
    png_set_benign_errors(png, 1);
    // The profile goes to the caller as it is: comparing it with libpng's list of sRGB profiles
    // would only add a warning (a note) for the many files with an old, slightly wrong one.
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    // Text and EXIF are skipped unread (their CRC still checked), so compressed text costs no
    // inflating: galgen reads a photo's metadata from the file's chunks itself (GalgenImage's
    // location walk gathers its eXIf and XMP). gAMA and sRGB are kept raw and cHRM
    // skipped, so libpng's colour-space checks see only iCCP: a gAMA out of range, a cHRM it finds
    // inconsistent or an sRGB beside the iCCP would make it discard the profile.
    static const png_byte skipped[] = "tEXt\0zTXt\0iTXt\0eXIf\0sPLT\0cHRM";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, skipped, 6);
    static const png_byte kept[] = "gAMA\0sRGB";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, kept, 2);
    png_read_info(png, ctx->info);
}

/// What the decode delivers for a colour type: gray or RGB, 8 bits, plus alpha from an alpha
/// channel or a tRNS chunk.
static int shim_channels(int color_type, int has_trns) {
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return has_trns ? 2 : 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_PALETTE: case PNG_COLOR_TYPE_RGB: return has_trns ? 4 : 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 0;
    }
}

static int shim_has_trns(shim_context *ctx) {
    return png_get_valid(ctx->png, ctx->info, PNG_INFO_tRNS) != 0;
}

int galgen_png_read_header(const uint8_t *data, size_t size, galgen_png_info *info,
                           char message[GALGEN_PNG_MESSAGE_MAX]) {
    memset(info, 0, sizeof *info);
    shim_context *const ctx = shim_open(data, size, message);
    if (ctx == NULL) return 1;
    if (setjmp(ctx->jump)) {
        shim_close(ctx);
        return 1;
    }
    shim_read_info(ctx);
    info->width = png_get_image_width(ctx->png, ctx->info);
    info->height = png_get_image_height(ctx->png, ctx->info);
    info->color_type = png_get_color_type(ctx->png, ctx->info);
    info->bit_depth = png_get_bit_depth(ctx->png, ctx->info);
    info->interlaced = png_get_interlace_type(ctx->png, ctx->info) == PNG_INTERLACE_ADAM7;
    info->has_trns = shim_has_trns(ctx);
    info->channels = shim_channels(info->color_type, info->has_trns);
    shim_close(ctx);
    return 0;
}

/// The data of the first `name` chunk of `size` bytes kept raw before the image data, or NULL.
static const png_byte *shim_kept_chunk(shim_context *ctx, const char *name, size_t size) {
    png_unknown_chunkp chunks;
    int count = png_get_unknown_chunks(ctx->png, ctx->info, &chunks);
    for (int i = 0; i < count; i++) {
        if (memcmp(chunks[i].name, name, 4) == 0 && chunks[i].size == size) return chunks[i].data;
    }
    return NULL;
}

/// The colour policy: an ICC profile is returned and the samples left as they are; an sRGB chunk
/// needs nothing; otherwise a gAMA of 0.01...10 is converted to sRGB's display gamma (2.2),
/// colour only: PNG_ALPHA_PNG, libpng's default, leaves alpha straight and linear. A gAMA out of
/// that range (0 among them) is ignored, and said so.
static void shim_set_gamma(shim_context *ctx, galgen_png_image *image) {
    const png_byte *gama = shim_kept_chunk(ctx, "gAMA", 4);
    long gamma = gama == NULL ? -1 : (long)((uint32_t)gama[0] << 24 | (uint32_t)gama[1] << 16 | (uint32_t)gama[2] << 8 | gama[3]);
    image->file_gamma = gamma;
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 length;
    if (png_get_iCCP(ctx->png, ctx->info, &name, &compression, &profile, &length)) return;
    if (shim_kept_chunk(ctx, "sRGB", 1) != NULL || gamma < 0) return;
    if (gamma < 1000 || gamma > 1000000) {
        image->gamma_ignored = 1;
        return;
    }
    png_set_gamma_fixed(ctx->png, PNG_DEFAULT_sRGB, (png_fixed_point)gamma);
    image->gamma_applied = 1;
}

/// Copies `length` bytes into a new malloc'ed block (nothing for none).
static int shim_copy(const void *from, size_t length, uint8_t **out, size_t *out_length) {
    if (from == NULL || length == 0) return 0;
    *out = malloc(length);
    if (*out == NULL) return 1;
    memcpy(*out, from, length);
    *out_length = length;
    return 0;
}

/// The metadata that travels with the pixels: the ICC profile.
static int shim_copy_metadata(shim_context *ctx, galgen_png_image *image) {
    png_charp name;
    int compression;
    png_bytep bytes;
    png_uint_32 length;
    if (png_get_iCCP(ctx->png, ctx->info, &name, &compression, &bytes, &length))
        return shim_copy(bytes, length, &image->icc, &image->icc_length);
    return 0;
}

/// Sets the transforms and reads every row into `pixels`. Call with the jump armed.
static void shim_read_image(shim_context *ctx, long max_pixels, int keep_16, uint8_t *pixels, size_t capacity,
                            galgen_png_image *image) {
    shim_read_info(ctx);
    png_structp png = ctx->png;
    png_uint_32 width = png_get_image_width(png, ctx->info), height = png_get_image_height(png, ctx->info);
    if (max_pixels > 0 && (uint64_t)width * height > (uint64_t)max_pixels) {
        char text[GALGEN_PNG_MESSAGE_MAX];
        snprintf(text, sizeof text, "image is %ux%u, more than the limit of %ld pixels", width, height, max_pixels);
        png_error(png, text);
    }
    int color_type = png_get_color_type(png, ctx->info), bit_depth = png_get_bit_depth(png, ctx->info);
    int channels = shim_channels(color_type, shim_has_trns(ctx));
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (shim_has_trns(ctx)) png_set_tRNS_to_alpha(png);
    int deep = bit_depth == 16 && keep_16;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (deep) png_set_swap(png);  // PNG stores 16-bit samples big-endian; the caller reads them native
#endif
    if (bit_depth == 16 && !deep) png_set_scale_16(png);  // rounds to nearest, where strip_16 truncates
    png_set_interlace_handling(png);
    shim_set_gamma(ctx, image);
    png_read_update_info(png, ctx->info);

    size_t stride = (size_t)width * (size_t)channels * (deep ? 2 : 1);
    if (png_get_bit_depth(png, ctx->info) != (deep ? 16 : 8) || png_get_channels(png, ctx->info) != channels ||
        png_get_rowbytes(png, ctx->info) != stride)
        png_error(png, "libpng would deliver another layout than the shim asked for");
    if (pixels == NULL || stride * height != capacity)
        png_error(png, "the decoded size does not match the bytes made ready for it");
    ctx->rows = malloc(sizeof(png_bytep) * height);
    if (ctx->rows == NULL) png_error(png, "out of memory");
    for (png_uint_32 row = 0; row < height; row++) ctx->rows[row] = pixels + stride * row;
    png_read_image(png, ctx->rows);
    image->channels = channels;
    image->bit_depth = deep ? 16 : 8;
}

int galgen_png_decode(const uint8_t *data, size_t size, long max_pixels, int keep_16, uint8_t *pixels, size_t capacity,
                      galgen_png_image *image, char message[GALGEN_PNG_MESSAGE_MAX]) {
    memset(image, 0, sizeof *image);
    shim_context *const ctx = shim_open(data, size, message);
    if (ctx == NULL) return 1;
    if (setjmp(ctx->jump)) {
        if (!ctx->image_read) {
            shim_close(ctx);
            return 1;
        }
        // The pixels are whole: damage after them (a bad CRC, no IEND) is only a warning.
        if (ctx->warnings++ == 0) snprintf(ctx->warning, sizeof ctx->warning, "%s", message);
        message[0] = 0;
    } else {
        shim_read_image(ctx, max_pixels, keep_16, pixels, capacity, image);
        ctx->image_read = 1;
        png_read_end(ctx->png, ctx->info);  // XMP and eXIf may come after the image data
    }
    image->warnings = ctx->warnings;
    memcpy(image->warning, ctx->warning, sizeof image->warning);
    int failed = shim_copy_metadata(ctx, image);
    shim_close(ctx);
    if (failed) {
        galgen_png_image_free(image);
        snprintf(message, GALGEN_PNG_MESSAGE_MAX, "out of memory");
        return 1;
    }
    return 0;
}

void galgen_png_image_free(galgen_png_image *image) {
    free(image->icc);
    image->icc = NULL;
    image->icc_length = 0;
}
