// A small C layer over libpng. libpng reports fatal errors through an error callback that must
// not return; this shim's callback copies the message and longjmps back to the entry point that
// armed the jump, so every failure becomes a return code and a message. setjmp/longjmp never
// cross into Swift.
#ifndef GALGEN_PNG_SHIM_H
#define GALGEN_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

#define GALGEN_PNG_MESSAGE_MAX 200

/// The IHDR facts, and the layout the decode will deliver.
typedef struct {
    uint32_t width;
    uint32_t height;
    int color_type;          // PNG_COLOR_TYPE_* as stored
    int bit_depth;           // 1, 2, 4, 8 or 16, as stored
    int interlaced;          // Adam7
    int has_trns;            // a tRNS chunk libpng accepted
    int channels;            // delivered: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA
} galgen_png_info;

typedef struct {
    int channels;            // as in galgen_png_info
    int bit_depth;           // delivered: 8, or 16 (native-endian uint16 samples) when kept
    long file_gamma;         // the gAMA chunk's value (x 100000), or -1 when there is none
    int gamma_applied;       // the samples were converted from it to sRGB's display gamma
    int gamma_ignored;       // it would have been used, but is out of range (0.01...10)
    uint8_t *icc;            // a malloc'ed copy, or NULL; freed by galgen_png_image_free
    size_t icc_length;
    int warnings;            // libpng warnings (and benign errors) it read past
    char warning[GALGEN_PNG_MESSAGE_MAX]; // the first of them
} galgen_png_image;

/// Reads the chunks before the image data (IHDR and the rest). Returns 0 on success; otherwise
/// writes a message ("not a PNG file", or libpng's own).
int galgen_png_read_header(const uint8_t *data, size_t size, galgen_png_info *info,
                           char message[GALGEN_PNG_MESSAGE_MAX]);

/// Decodes into `pixels`, which the caller sized from the header: capacity must be exactly
/// width * height * channels, times 2 for kept 16-bit samples (anything else is refused before a
/// row is written). With `keep_16`, a 16-bit file's samples stay 16-bit (in the machine's byte
/// order); otherwise they are rounded to 8 bits. Images of more
/// than `max_pixels` pixels are refused before decoding. Returns 0 on success; on failure the
/// image holds nothing that needs freeing.
int galgen_png_decode(const uint8_t *data, size_t size, long max_pixels, int keep_16, uint8_t *pixels, size_t capacity,
                      galgen_png_image *image, char message[GALGEN_PNG_MESSAGE_MAX]);

/// Frees what galgen_png_decode allocated (safe on a zeroed image).
void galgen_png_image_free(galgen_png_image *image);

#endif
