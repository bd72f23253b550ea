#include "galgen_resample.h"

// Plain C the compiler vectorises: deep photos are rare, and float keeps every step exact enough
// (24-bit mantissas) that only the final rounding to 0...65535 loses anything.

#define WEIGHT_ONE 16384.0f

static inline uint16_t clamp_16(float sum) {
    float value = sum + 0.5f;
    return (uint16_t)(value < 0.0f ? 0.0f : value > 65535.0f ? 65535.0f : value);
}

void galgen_resample_column_16(const uint16_t *const *rows, const int16_t *weights, int taps,
                               uint16_t *out, size_t count) {
    enum { CHUNK = 64 };
    float sums[CHUNK];
    for (size_t i = 0; i < count; i += CHUNK) {
        size_t n = count - i < CHUNK ? count - i : CHUNK;
        for (size_t k = 0; k < n; k++) sums[k] = 0.0f;
        for (int t = 0; t < taps; t++) {
            const uint16_t *row = rows[t] + i;
            float weight = (float)weights[t] / WEIGHT_ONE;
            for (size_t k = 0; k < n; k++) sums[k] += (float)row[k] * weight;
        }
        for (size_t k = 0; k < n; k++) out[i + k] = clamp_16(sums[k]);
    }
}

void galgen_resample_row_16(const uint16_t *in, int channels,
                            const int32_t *starts, const int32_t *counts, const int16_t *weights, int stride,
                            uint16_t *out, size_t out_width) {
    for (size_t x = 0; x < out_width; x++) {
        const int16_t *w = weights + x * (size_t)stride;
        const uint16_t *p = in + (size_t)starts[x] * (size_t)channels;
        for (int c = 0; c < channels; c++) {
            float sum = 0.0f;
            for (int t = 0; t < counts[x]; t++) sum += (float)p[t * channels + c] * ((float)w[t] / WEIGHT_ONE);
            out[x * (size_t)channels + (size_t)c] = clamp_16(sum);
        }
    }
}

void galgen_box_row_16(const uint16_t *rows, size_t width, int channels, int count, int by_x,
                       uint32_t *sums, uint16_t *out) {
    size_t row_samples = width * (size_t)channels;
    for (size_t i = 0; i < row_samples; i++) sums[i] = rows[i];
    for (int r = 1; r < count; r++) {
        const uint16_t *row = rows + (size_t)r * row_samples;
        for (size_t i = 0; i < row_samples; i++) sums[i] += row[i];
    }
    size_t out_width = (width + (size_t)by_x - 1) / (size_t)by_x;
    for (size_t x = 0; x < out_width; x++) {
        size_t column = x * (size_t)by_x;
        size_t columns = width - column < (size_t)by_x ? width - column : (size_t)by_x;
        uint64_t pixels = (uint64_t)count * columns;
        for (int c = 0; c < channels; c++) {
            uint64_t total = 0;
            for (size_t k = 0; k < columns; k++) total += sums[(column + k) * (size_t)channels + (size_t)c];
            out[x * (size_t)channels + (size_t)c] = (uint16_t)((total + pixels / 2) / pixels);
        }
    }
}
