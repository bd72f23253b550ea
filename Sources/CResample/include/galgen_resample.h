// The inner loops of galgen's Lanczos resampler: 8-bit pixels, 16-bit fixed-point weights with
// 14 fractional bits (summing to 1 << 14), 32-bit sums, results rounded and clamped to 0...255.
// With SSE2 (every x86-64 CPU) they use its 16-bit multiply-add; elsewhere, plain C that the
// compiler vectorises for the target.
#ifndef GALGEN_RESAMPLE_H
#define GALGEN_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/// One output row of the vertical pass: out[i] = Σ_t rows[t][i] × weights[t], for i < count.
void galgen_resample_column(const uint8_t *const *rows, const int16_t *weights, int taps,
                            uint8_t *out, size_t count);

/// One row of the horizontal pass, `channels` interleaved (1 to 4): output pixel x is
/// Σ_t in[starts[x] + t] × weights[x × stride + t] for t < counts[x]. `in` holds `in_width` pixels.
void galgen_resample_row(const uint8_t *in, size_t in_width, int channels,
                         const int32_t *starts, const int32_t *counts, const int16_t *weights, int stride,
                         uint8_t *out, size_t out_width);

/// One row of a box reduction: `count` rows of `width` pixels (one after another) averaged in
/// blocks of `by_x` pixels, rounded; `sums` holds width × channels scratch values.
void galgen_box_row(const uint8_t *rows, size_t width, int channels, int count, int by_x,
                    uint32_t *sums, uint8_t *out);

// The same three loops for 16-bit samples (10-, 12- and 16-bit photos, scaled to 0...65535), in
// single-precision float with the same fixed-point weights read as fractions: the result is
// rounded and clamped to 0...65535, so a deep photo is rounded to 8 bits once, at the end.

/// One output row of the vertical pass on 16-bit samples.
void galgen_resample_column_16(const uint16_t *const *rows, const int16_t *weights, int taps,
                               uint16_t *out, size_t count);

/// One row of the horizontal pass on 16-bit samples.
void galgen_resample_row_16(const uint16_t *in, int channels,
                            const int32_t *starts, const int32_t *counts, const int16_t *weights, int stride,
                            uint16_t *out, size_t out_width);

/// One row of a box reduction on 16-bit samples; `sums` holds width × channels scratch values.
void galgen_box_row_16(const uint16_t *rows, size_t width, int channels, int count, int by_x,
                       uint32_t *sums, uint16_t *out);

#endif
