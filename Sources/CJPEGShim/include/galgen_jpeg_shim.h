// A small C layer over libjpeg-turbo. libjpeg reports fatal errors by calling
// error_exit(), which by default calls exit(); this shim replaces it with a
// longjmp back to the entry point, so every failure becomes a return code and
// a message. setjmp/longjmp never cross into Swift.
#ifndef GALGEN_JPEG_SHIM_H
#define GALGEN_JPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

#define GALGEN_JPEG_MESSAGE_MAX 200

/// Colour model of the source, as libjpeg understood it.
typedef enum {
    GALGEN_JPEG_GRAY = 1,
    GALGEN_JPEG_RGB = 2,     // YCbCr or RGB sources, delivered as RGB
    GALGEN_JPEG_CMYK = 3,    // CMYK or YCCK sources, delivered as CMYK
    GALGEN_JPEG_OTHER = 4
} galgen_jpeg_model;

typedef struct {
    int width;               // as stored (before EXIF orientation)
    int height;
    int components;          // in the file
    int model;               // galgen_jpeg_model
    int progressive;
    int precision;           // bits per sample
    int adobe_inverted;      // Adobe APP14 seen: CMYK values are stored inverted
} galgen_jpeg_info;

typedef struct {
    int width;
    int height;
    int channels;            // 1 (gray), 3 (RGB) or 4 (CMYK)
    int stored_width;        // size in the file, before DCT scaling
    int stored_height;
    int adobe_inverted;
    uint8_t *icc;            // malloc'ed ICC profile or NULL
    unsigned int icc_length;
    int warnings;            // corrupt-data warnings libjpeg recovered from
    char warning[GALGEN_JPEG_MESSAGE_MAX]; // the first of them
} galgen_jpeg_image;

typedef struct {
    size_t max_memory;       // libjpeg working memory cap, bytes
    long max_pixels;         // refuse larger images before allocating
    int max_scans;           // stop progressive files with more scans than this
} galgen_jpeg_limits;

/// Reads the header only. Returns 0 on success; otherwise writes a message.
int galgen_jpeg_read_header(const uint8_t *data, size_t size, galgen_jpeg_info *info,
                            char message[GALGEN_JPEG_MESSAGE_MAX]);

/// Decodes at scale_num/8 (1...8) of the stored size into `pixels`, which the caller sized from
/// the header: capacity must be exactly width * height * channels of the scaled output (anything
/// else is refused before a row is written). Returns 0 on success.
int galgen_jpeg_decode(const uint8_t *data, size_t size, int scale_num,
                       galgen_jpeg_limits limits, uint8_t *pixels, size_t capacity,
                       galgen_jpeg_image *image, char message[GALGEN_JPEG_MESSAGE_MAX]);

/// A decode read row by row, so the whole image is never in memory at once.
typedef struct galgen_jpeg_stream galgen_jpeg_stream;

/// Reads the header and starts decoding at scale_num/8; fills `image` (all but the warnings).
/// Returns 0 and sets *stream on success. `data` must stay valid until the stream is closed.
int galgen_jpeg_stream_open(const uint8_t *data, size_t size, int scale_num, galgen_jpeg_limits limits,
                            galgen_jpeg_stream **stream, galgen_jpeg_image *image,
                            char message[GALGEN_JPEG_MESSAGE_MAX]);

/// Reads up to `count` rows into `rows` (width * channels bytes each, one after another). Returns
/// how many were read (0 at the end), or -1 with a message on an error.
int galgen_jpeg_stream_read(galgen_jpeg_stream *stream, uint8_t *rows, int count,
                            char message[GALGEN_JPEG_MESSAGE_MAX]);

/// Copies the warnings into `image` and frees the stream (whether or not every row was read).
void galgen_jpeg_stream_close(galgen_jpeg_stream *stream, galgen_jpeg_image *image);

/// Frees what galgen_jpeg_decode allocated (safe on a zeroed image).
void galgen_jpeg_image_free(galgen_jpeg_image *image);

/// Encodes 1 (gray) or 3 (RGB) channel pixels, RGB as 4:2:0 or, with full_chroma, 4:4:4. Returns 0 on success; *out is
/// malloc'ed and must be released with galgen_jpeg_free. `exif` and `xmp` are whole APP1 payloads
/// (with their "Exif\0\0" or XMP namespace prefix), written after JFIF's APP0; NULL for none.
int galgen_jpeg_encode(const uint8_t *pixels, int width, int height, int channels,
                       int quality, int progressive, int full_chroma,
                       const uint8_t *icc, unsigned int icc_length,
                       const uint8_t *exif, unsigned int exif_length, const uint8_t *xmp, unsigned int xmp_length,
                       size_t max_bytes, uint8_t **out, unsigned long *out_length,
                       char message[GALGEN_JPEG_MESSAGE_MAX]);

void galgen_jpeg_free(void *pointer);

#endif
