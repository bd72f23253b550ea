#include "galgen_resample.h"

#include <string.h>

#define FRACTION_BITS 14
#define ROUNDING (1 << (FRACTION_BITS - 1))

static inline uint8_t clamp_byte(int32_t sum) {
    int32_t value = sum >> FRACTION_BITS;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

#if defined(__SSE2__)
#include <emmintrin.h>

/// Two 16-bit weights side by side in each 32-bit lane, for _mm_madd_epi16 on interleaved pairs.
static inline __m128i weight_pair(int16_t first, int16_t second) {
    return _mm_set1_epi32((int32_t)(((uint32_t)(uint16_t)second << 16) | (uint16_t)first));
}

/// weights[0] and weights[1] as one pair: on x86 (little-endian) that is their four bytes as they are.
static inline __m128i weight_pair_at(const int16_t *weights) {
    int32_t pair;
    memcpy(&pair, weights, 4);
    return _mm_set1_epi32(pair);
}

static inline __m128i load4(const uint8_t *p) {
    int32_t v;
    memcpy(&v, p, 4);
    return _mm_cvtsi32_si128(v);
}

void galgen_resample_column(const uint8_t *const *rows, const int16_t *weights, int taps,
                            uint8_t *out, size_t count) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i rounding = _mm_set1_epi32(ROUNDING);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m128i s0 = rounding, s1 = rounding, s2 = rounding, s3 = rounding;
        int t = 0;
        for (; t + 2 <= taps; t += 2) {
            __m128i a = _mm_loadu_si128((const __m128i *)(rows[t] + i));
            __m128i b = _mm_loadu_si128((const __m128i *)(rows[t + 1] + i));
            __m128i w = weight_pair_at(weights + t);
            __m128i alo = _mm_unpacklo_epi8(a, zero), ahi = _mm_unpackhi_epi8(a, zero);
            __m128i blo = _mm_unpacklo_epi8(b, zero), bhi = _mm_unpackhi_epi8(b, zero);
            s0 = _mm_add_epi32(s0, _mm_madd_epi16(_mm_unpacklo_epi16(alo, blo), w));
            s1 = _mm_add_epi32(s1, _mm_madd_epi16(_mm_unpackhi_epi16(alo, blo), w));
            s2 = _mm_add_epi32(s2, _mm_madd_epi16(_mm_unpacklo_epi16(ahi, bhi), w));
            s3 = _mm_add_epi32(s3, _mm_madd_epi16(_mm_unpackhi_epi16(ahi, bhi), w));
        }
        if (t < taps) {
            __m128i a = _mm_loadu_si128((const __m128i *)(rows[t] + i));
            __m128i w = weight_pair(weights[t], 0);
            __m128i alo = _mm_unpacklo_epi8(a, zero), ahi = _mm_unpackhi_epi8(a, zero);
            s0 = _mm_add_epi32(s0, _mm_madd_epi16(_mm_unpacklo_epi16(alo, zero), w));
            s1 = _mm_add_epi32(s1, _mm_madd_epi16(_mm_unpackhi_epi16(alo, zero), w));
            s2 = _mm_add_epi32(s2, _mm_madd_epi16(_mm_unpacklo_epi16(ahi, zero), w));
            s3 = _mm_add_epi32(s3, _mm_madd_epi16(_mm_unpackhi_epi16(ahi, zero), w));
        }
        __m128i lo = _mm_packs_epi32(_mm_srai_epi32(s0, FRACTION_BITS), _mm_srai_epi32(s1, FRACTION_BITS));
        __m128i hi = _mm_packs_epi32(_mm_srai_epi32(s2, FRACTION_BITS), _mm_srai_epi32(s3, FRACTION_BITS));
        _mm_storeu_si128((__m128i *)(out + i), _mm_packus_epi16(lo, hi));
    }
    for (; i < count; i++) {
        int32_t sum = ROUNDING;
        for (int t = 0; t < taps; t++) sum += rows[t][i] * weights[t];
        out[i] = clamp_byte(sum);
    }
}

/// Three or four channels: each pixel is read as four bytes (r, g, b and whatever follows), so
/// an output pixel whose taps reach the row's last pixel takes the plain path instead.
static int row_rgb(const uint8_t *in, size_t in_width, int channels, int32_t start, int32_t count,
                   const int16_t *w, uint8_t *out) {
    if ((size_t)(start + count) >= in_width) return 0;
    const __m128i zero = _mm_setzero_si128();
    __m128i sum = _mm_set1_epi32(ROUNDING);
    const uint8_t *p = in + (size_t)start * (size_t)channels;
    int t = 0;
    for (; t + 2 <= count; t += 2) {
        __m128i a = _mm_unpacklo_epi8(load4(p + t * channels), zero);
        __m128i b = _mm_unpacklo_epi8(load4(p + (t + 1) * channels), zero);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), weight_pair_at(w + t)));
    }
    if (t < count) {
        __m128i a = _mm_unpacklo_epi8(load4(p + t * channels), zero);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(_mm_unpacklo_epi16(a, zero), weight_pair(w[t], 0)));
    }
    sum = _mm_srai_epi32(sum, FRACTION_BITS);
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(sum, sum), zero);
    uint32_t packed = (uint32_t)_mm_cvtsi128_si32(bytes);
    out[0] = (uint8_t)packed;
    out[1] = (uint8_t)(packed >> 8);
    out[2] = (uint8_t)(packed >> 16);
    if (channels == 4) out[3] = (uint8_t)(packed >> 24);
    return 1;
}
#else

void galgen_resample_column(const uint8_t *const *rows, const int16_t *weights, int taps,
                            uint8_t *out, size_t count) {
    enum { CHUNK = 64 };
    int32_t sums[CHUNK];
    for (size_t i = 0; i < count; i += CHUNK) {
        size_t n = count - i < CHUNK ? count - i : CHUNK;
        for (size_t k = 0; k < n; k++) sums[k] = ROUNDING;
        for (int t = 0; t < taps; t++) {
            const uint8_t *row = rows[t] + i;
            int32_t weight = weights[t];
            for (size_t k = 0; k < n; k++) sums[k] += (int32_t)row[k] * weight;
        }
        for (size_t k = 0; k < n; k++) out[i + k] = clamp_byte(sums[k]);
    }
}

static int row_rgb(const uint8_t *in, size_t in_width, int channels, int32_t start, int32_t count,
                   const int16_t *w, uint8_t *out) {
    (void)in; (void)in_width; (void)channels; (void)start; (void)count; (void)w; (void)out;
    return 0;
}
#endif

void galgen_resample_row(const uint8_t *in, size_t in_width, int channels,
                         const int32_t *starts, const int32_t *counts, const int16_t *weights, int stride,
                         uint8_t *out, size_t out_width) {
    for (size_t x = 0; x < out_width; x++) {
        const int16_t *w = weights + x * (size_t)stride;
        uint8_t *pixel = out + x * (size_t)channels;
        if (channels >= 3 && row_rgb(in, in_width, channels, starts[x], counts[x], w, pixel)) continue;
        const uint8_t *p = in + (size_t)starts[x] * (size_t)channels;
        for (int c = 0; c < channels; c++) {
            int32_t sum = ROUNDING;
            for (int t = 0; t < counts[x]; t++) sum += p[t * channels + c] * w[t];
            pixel[c] = clamp_byte(sum);
        }
    }
}

void galgen_box_row(const uint8_t *rows, size_t width, int channels, int count, int by_x,
                    uint32_t *sums, uint8_t *out) {
    size_t row_bytes = width * (size_t)channels;
    for (size_t i = 0; i < row_bytes; i++) sums[i] = rows[i];
    for (int r = 1; r < count; r++) {
        const uint8_t *row = rows + (size_t)r * row_bytes;
        for (size_t i = 0; i < row_bytes; i++) sums[i] += row[i];
    }
    size_t out_width = (width + (size_t)by_x - 1) / (size_t)by_x;
    // Rounded division by a full block's pixel count n as a multiply: floor(v × ⌈2³²/n⌉ / 2³²)
    // is exactly floor(v / n) for v < 256 n when n ≤ 4096 (blocks up to 64 × 64).
    uint64_t full = (uint64_t)count * (uint64_t)by_x;
    uint64_t reciprocal = ((1ull << 32) + full - 1) / full;
    size_t x = 0;
    if (by_x == 2 && channels == 3 && full <= 4096) {
        // The common case (a rendition from the one twice its size), spelled out for the compiler.
        uint64_t half = full / 2;
        for (; x + 1 < out_width || (x < out_width && width % 2 == 0); x++) {
            const uint32_t *a = sums + x * 6;
            out[x * 3] = (uint8_t)(((a[0] + a[3] + half) * reciprocal) >> 32);
            out[x * 3 + 1] = (uint8_t)(((a[1] + a[4] + half) * reciprocal) >> 32);
            out[x * 3 + 2] = (uint8_t)(((a[2] + a[5] + half) * reciprocal) >> 32);
        }
    }
    for (; x < out_width; x++) {
        size_t column = x * (size_t)by_x;
        size_t columns = width - column < (size_t)by_x ? width - column : (size_t)by_x;
        uint64_t pixels = (uint64_t)count * columns;
        int fast = pixels == full && full <= 4096;
        for (int c = 0; c < channels; c++) {
            uint64_t total = 0;
            for (size_t k = 0; k < columns; k++) total += sums[(column + k) * (size_t)channels + (size_t)c];
            uint64_t rounded = total + pixels / 2;
            out[x * (size_t)channels + (size_t)c] = (uint8_t)(fast ? (rounded * reciprocal) >> 32 : rounded / pixels);
        }
    }
}
