#include "galgen_jpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    int warnings;
    char warning[GALGEN_JPEG_MESSAGE_MAX];
} shim_error_mgr;

typedef struct {
    struct jpeg_progress_mgr base;
    int max_scans;
} shim_progress_mgr;

static void shim_error_exit(j_common_ptr cinfo) {
    shim_error_mgr *err = (shim_error_mgr *)cinfo->err;
    longjmp(err->jump, 1);
}

/// Warnings (trace level -1) are counted and the first is kept; nothing is printed.
static void shim_emit_message(j_common_ptr cinfo, int msg_level) {
    shim_error_mgr *err = (shim_error_mgr *)cinfo->err;
    if (msg_level >= 0) return;
    if (err->warnings == 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, buffer);
        snprintf(err->warning, sizeof err->warning, "%s", buffer);
    }
    err->warnings++;
}

static void shim_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void shim_copy_message(j_common_ptr cinfo, char message[GALGEN_JPEG_MESSAGE_MAX]) {
    char buffer[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buffer);
    snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "%s", buffer);
}

static void shim_install_errors(j_common_ptr cinfo, shim_error_mgr *err) {
    memset(err, 0, sizeof *err);
    cinfo->err = jpeg_std_error(&err->base);
    err->base.error_exit = shim_error_exit;
    err->base.emit_message = shim_emit_message;
    err->base.output_message = shim_output_message;
}

/// Progressive files can carry thousands of tiny scans that each cost a full
/// pass over the coefficients; stop them early instead of burning CPU.
static void shim_progress(j_common_ptr cinfo) {
    shim_progress_mgr *progress = (shim_progress_mgr *)cinfo->progress;
    if (!cinfo->is_decompressor || progress->max_scans <= 0) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > progress->max_scans) {
        shim_error_mgr *err = (shim_error_mgr *)cinfo->err;
        snprintf(err->warning, sizeof err->warning, "too many progressive scans (more than %d)",
                 progress->max_scans);
        cinfo->err->msg_code = 0;
        longjmp(err->jump, 2);
    }
}

static int shim_model(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return GALGEN_JPEG_GRAY;
    case JCS_YCbCr: case JCS_RGB: return GALGEN_JPEG_RGB;
    case JCS_CMYK: case JCS_YCCK: return GALGEN_JPEG_CMYK;
    default: return GALGEN_JPEG_OTHER;
    }
}

static void shim_fill_info(j_decompress_ptr cinfo, galgen_jpeg_info *info) {
    info->width = (int)cinfo->image_width;
    info->height = (int)cinfo->image_height;
    info->components = cinfo->num_components;
    info->model = shim_model(cinfo->jpeg_color_space);
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->precision = cinfo->data_precision;
    info->adobe_inverted = cinfo->saw_Adobe_marker ? 1 : 0;
}

int galgen_jpeg_read_header(const uint8_t *data, size_t size, galgen_jpeg_info *info,
                            char message[GALGEN_JPEG_MESSAGE_MAX]) {
    struct jpeg_decompress_struct cinfo;
    shim_error_mgr err;
    shim_install_errors((j_common_ptr)&cinfo, &err);
    if (setjmp(err.jump)) {
        shim_copy_message((j_common_ptr)&cinfo, message);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    shim_fill_info(&cinfo, info);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/// A decode in progress, on the heap: libjpeg's state lives across calls, and every entry point
/// arms `err.jump` itself before calling into libjpeg, so an error always returns to the call
/// that is running.
struct galgen_jpeg_stream {
    struct jpeg_decompress_struct cinfo;
    shim_error_mgr err;
    shim_progress_mgr progress;
    int failed;              // an error jumped out of libjpeg: only destroying it is safe now
};

/// The message of the error that jumped back (`jumped` is setjmp's value).
static void shim_stream_message(galgen_jpeg_stream *stream, int jumped, char message[GALGEN_JPEG_MESSAGE_MAX]) {
    if (jumped == 2) snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "%s", stream->err.warning);
    else shim_copy_message((j_common_ptr)&stream->cinfo, message);
}

int galgen_jpeg_stream_open(const uint8_t *data, size_t size, int scale_num, galgen_jpeg_limits limits,
                            galgen_jpeg_stream **out, galgen_jpeg_image *image,
                            char message[GALGEN_JPEG_MESSAGE_MAX]) {
    memset(image, 0, sizeof *image);
    *out = NULL;
    galgen_jpeg_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) {
        snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "out of memory");
        return 1;
    }
    j_decompress_ptr cinfo = &stream->cinfo;
    shim_install_errors((j_common_ptr)cinfo, &stream->err);
    int jumped = setjmp(stream->err.jump);
    if (jumped) {
        shim_stream_message(stream, jumped, message);
        jpeg_destroy_decompress(cinfo);
        free(stream);
        galgen_jpeg_image_free(image);
        return 1;
    }
    jpeg_create_decompress(cinfo);
    if (limits.max_memory > 0) cinfo->mem->max_memory_to_use = (long)limits.max_memory;
    stream->progress.base.progress_monitor = shim_progress;
    stream->progress.max_scans = limits.max_scans;
    cinfo->progress = &stream->progress.base;
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);

    if (limits.max_pixels > 0 &&
        (long)cinfo->image_width * (long)cinfo->image_height > limits.max_pixels) {
        snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "image is %ux%u, more than the limit of %ld pixels",
                 cinfo->image_width, cinfo->image_height, limits.max_pixels);
        jpeg_destroy_decompress(cinfo);
        free(stream);
        return 1;
    }
    switch (shim_model(cinfo->jpeg_color_space)) {
    case GALGEN_JPEG_GRAY: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case GALGEN_JPEG_CMYK: cinfo->out_color_space = JCS_CMYK; break;
    default: cinfo->out_color_space = JCS_RGB; break;
    }
    cinfo->scale_num = (unsigned int)(scale_num < 1 ? 1 : scale_num > 8 ? 8 : scale_num);
    cinfo->scale_denom = 8;
    jpeg_calc_output_dimensions(cinfo);

    unsigned char *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(cinfo, &icc, &icc_length)) {
        image->icc = icc;
        image->icc_length = icc_length;
    }

    jpeg_start_decompress(cinfo);
    image->width = (int)cinfo->output_width;
    image->height = (int)cinfo->output_height;
    image->channels = cinfo->output_components;
    image->stored_width = (int)cinfo->image_width;
    image->stored_height = (int)cinfo->image_height;
    image->adobe_inverted = cinfo->saw_Adobe_marker ? 1 : 0;
    *out = stream;
    return 0;
}

int galgen_jpeg_stream_read(galgen_jpeg_stream *stream, uint8_t *rows, int count,
                            char message[GALGEN_JPEG_MESSAGE_MAX]) {
    j_decompress_ptr cinfo = &stream->cinfo;
    if (stream->failed) {
        snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "the decode already failed");
        return -1;
    }
    int jumped = setjmp(stream->err.jump);
    if (jumped) {
        stream->failed = 1;
        shim_stream_message(stream, jumped, message);
        return -1;
    }
    size_t stride = (size_t)cinfo->output_width * (size_t)cinfo->output_components;
    int read = 0;
    while (read < count && cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = rows + stride * (size_t)read;
        read += (int)jpeg_read_scanlines(cinfo, &row, 1);
    }
    return read;
}

void galgen_jpeg_stream_close(galgen_jpeg_stream *stream, galgen_jpeg_image *image) {
    if (stream == NULL) return;
    j_decompress_ptr cinfo = &stream->cinfo;
    // Every row read: read on to the end of the file, which is where libjpeg notices trailing
    // damage (extraneous bytes, a missing end marker). The pixels are whole by now, so an error
    // here only becomes a warning.
    if (!stream->failed && cinfo->output_scanline == cinfo->output_height) {
        if (setjmp(stream->err.jump)) {
            if (stream->err.warnings++ == 0) shim_copy_message((j_common_ptr)cinfo, stream->err.warning);
        } else {
            jpeg_finish_decompress(cinfo);
        }
    }
    image->warnings = stream->err.warnings;
    memcpy(image->warning, stream->err.warning, sizeof image->warning);
    jpeg_destroy_decompress(&stream->cinfo);
    free(stream);
}

int galgen_jpeg_decode(const uint8_t *data, size_t size, int scale_num,
                       galgen_jpeg_limits limits, uint8_t *pixels, size_t capacity,
                       galgen_jpeg_image *image, char message[GALGEN_JPEG_MESSAGE_MAX]) {
    galgen_jpeg_stream *stream = NULL;
    if (galgen_jpeg_stream_open(data, size, scale_num, limits, &stream, image, message) != 0) return 1;
    size_t stride = (size_t)image->width * (size_t)image->channels;
    if (pixels == NULL || stride * (size_t)image->height != capacity) {
        snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "decoded size %dx%dx%d does not match the %zu bytes made ready for it",
                 image->width, image->height, image->channels, capacity);
        galgen_jpeg_stream_close(stream, image);
        galgen_jpeg_image_free(image);
        return 1;
    }
    int read = galgen_jpeg_stream_read(stream, pixels, image->height, message);
    galgen_jpeg_stream_close(stream, image);
    if (read != image->height) {
        galgen_jpeg_image_free(image);
        return 1;
    }
    return 0;
}

void galgen_jpeg_image_free(galgen_jpeg_image *image) {
    free(image->icc);
    image->icc = NULL;
}

/// The encoder's output: a buffer this manager owns from start to end, grown by doubling. Unlike
/// libjpeg's memory destination, whose caller's pointer goes stale when the buffer grows (so
/// freeing it after an error freed a block twice), there is one owner and one pointer. It lives on
/// the heap, so nothing the error path reads is a local changed after `setjmp`. A size above
/// `max_bytes` fails as an allocation failure would (which is how tests reach the error path).
typedef struct {
    struct jpeg_destination_mgr base;
    unsigned char *buffer;
    size_t capacity;
    size_t max_bytes;
    size_t length;
} shim_destination;

static void shim_destination_init(j_compress_ptr cinfo) {
    shim_destination *dest = (shim_destination *)cinfo->dest;
    dest->base.next_output_byte = dest->buffer;
    dest->base.free_in_buffer = dest->capacity;
}

static boolean shim_destination_grow(j_compress_ptr cinfo) {
    shim_destination *dest = (shim_destination *)cinfo->dest;
    size_t used = dest->capacity;  // called only when the buffer is full
    size_t bigger = used * 2;
    if (bigger > dest->max_bytes) bigger = dest->max_bytes;
    unsigned char *grown = bigger > used ? realloc(dest->buffer, bigger) : NULL;
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    dest->buffer = grown;
    dest->capacity = bigger;
    dest->base.next_output_byte = grown + used;
    dest->base.free_in_buffer = bigger - used;
    return TRUE;
}

static void shim_destination_term(j_compress_ptr cinfo) {
    shim_destination *dest = (shim_destination *)cinfo->dest;
    dest->length = dest->capacity - dest->base.free_in_buffer;
}

int galgen_jpeg_encode(const uint8_t *pixels, int width, int height, int channels,
                       int quality, int progressive, int full_chroma,
                       const uint8_t *icc, unsigned int icc_length,
                       const uint8_t *exif, unsigned int exif_length, const uint8_t *xmp, unsigned int xmp_length,
                       size_t max_bytes, uint8_t **out, unsigned long *out_length,
                       char message[GALGEN_JPEG_MESSAGE_MAX]) {
    struct jpeg_compress_struct cinfo;
    shim_error_mgr err;
    *out = NULL;
    *out_length = 0;
    // Assigned once, before setjmp: the error path may read it.
    shim_destination *const dest = calloc(1, sizeof *dest);
    if (dest == NULL) {
        snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "out of memory");
        return 1;
    }
    dest->max_bytes = max_bytes < 64 ? 64 : max_bytes;
    dest->capacity = dest->max_bytes < 65536 ? dest->max_bytes : 65536;
    dest->buffer = malloc(dest->capacity);
    if (dest->buffer == NULL) {
        free(dest);
        snprintf(message, GALGEN_JPEG_MESSAGE_MAX, "out of memory");
        return 1;
    }
    dest->base.init_destination = shim_destination_init;
    dest->base.empty_output_buffer = shim_destination_grow;
    dest->base.term_destination = shim_destination_term;
    shim_install_errors((j_common_ptr)&cinfo, &err);
    if (setjmp(err.jump)) {
        shim_copy_message((j_common_ptr)&cinfo, message);
        jpeg_destroy_compress(&cinfo);
        free(dest->buffer);
        free(dest);
        return 1;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &dest->base;
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = channels;
    cinfo.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);   // YCbCr 4:2:0 for colour input
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    if (full_chroma && channels == 3) cinfo.comp_info[0].h_samp_factor = cinfo.comp_info[0].v_samp_factor = 1;
    if (progressive) jpeg_simple_progression(&cinfo);
    cinfo.write_JFIF_header = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    // APP1 segments (each at most 65533 bytes, checked by the caller), then the profile's APP2.
    if (exif != NULL && exif_length > 0) jpeg_write_marker(&cinfo, JPEG_APP0 + 1, exif, exif_length);
    if (xmp != NULL && xmp_length > 0) jpeg_write_marker(&cinfo, JPEG_APP0 + 1, xmp, xmp_length);
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(&cinfo, icc, icc_length);
    size_t stride = (size_t)width * (size_t)channels;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + stride * cinfo.next_scanline);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = dest->buffer;
    *out_length = dest->length;
    free(dest);
    return 0;
}

void galgen_jpeg_free(void *pointer) { free(pointer); }
