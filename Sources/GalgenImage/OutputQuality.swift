import Foundation
import GalgenCore

/// The measured quality settings the codecs use (`ImageEncoder.quality`) for galgen's
/// `thumbnails.quality` (a JPEG quality) and a rendition's width: each format's smallest
/// setting whose mean SSIM is at least the JPEG's, measured at 400 and 1600 px wide by
/// bench/formats (docs/photos.md "Output formats") at galgen's own encoder settings, on 30 photos at
/// 400 px and the 23 of them at least 1600 px wide (bench/corpus's 18 camera and phone JPEGs
/// plus 12 photographic HEIC/AVIF/WebP/PNG files of shared/fixtures/formats), refitted for
/// issue 28 in November 2026 and checked on its 4 held-out photos and by leaving each photo
/// out. A mean match: single photos land up to ±0.03 from their JPEG's SSIM. Between the
/// measured qualities it is interpolated, between the two widths on a log scale, and rounded
/// up (each measured point is the smallest setting that matches); beyond them it is held at
/// the nearest.
enum OutputQuality {
    /// The matching setting at 400 and at 1600 px for one JPEG quality.
    struct Match {
        let jpeg: Int
        let at400: Int
        let at1600: Int
    }

    /// libwebp `-m 4`, its default preset (cwebp 1.2.4).
    static let webp: [Match] = [
        Match(jpeg: 60, at400: 48, at1600: 69), Match(jpeg: 70, at400: 62, at1600: 78), Match(jpeg: 82, at400: 79, at1600: 86),
        Match(jpeg: 90, at400: 88, at1600: 91), Match(jpeg: 95, at400: 94, at1600: 96),
    ]
    /// libheif 1.15 + aom 3.6 at `avifSpeed`, 4:2:0, one thread (libheif's tune, ssim).
    static let avif: [Match] = [
        Match(jpeg: 60, at400: 51, at1600: 57), Match(jpeg: 70, at400: 55, at1600: 62), Match(jpeg: 82, at400: 63, at1600: 74),
        Match(jpeg: 90, at400: 79, at1600: 84), Match(jpeg: 95, at400: 89, at1600: 90),
    ]

    /// libjxl 0.7 at `jxlEffort`, one thread, on cjxl's quality scale (`JXLEncoder.distance`: 83 is
    /// distance 1.63), fitted by bench/formats in December 2026 on the same photos as AVIF's and WebP's
    /// (21 at 400 px, 14 at 1600 px) and checked on the 4 held-out photos: at JPEG 82 their SSIM is
    /// +0.0013 (400 px) and +0.0016 (1600 px) from the JPEG's, for 0.702 and 0.708 of its bytes
    /// (AVIF: 0.796 and 0.836).
    static let jxl: [Match] = [
        Match(jpeg: 60, at400: 64, at1600: 66), Match(jpeg: 70, at400: 71, at1600: 74), Match(jpeg: 82, at400: 81, at1600: 83),
        Match(jpeg: 90, at400: 88, at1600: 90), Match(jpeg: 95, at400: 94, at1600: 94),
    ]
    /// libjxl's effort (1–9): the fastest whose held-out bytes at JPEG's SSIM are at most 0.80 of
    /// JPEG's and fewer than AVIF's (Safari and recent Chromium show both and take the JPEG XL first). Efforts 1–4
    /// encode as fast as AVIF at speed 9 but need 0.88–0.95 of JPEG's bytes (more than AVIF's 0.84);
    /// 5 needs 0.71 in 2.6 times AVIF's time per megapixel; 6 and 7 are slower and no smaller, 8 is
    /// 25 times AVIF's for 0.70 (bench/formats §5, 1600 px).
    static let jxlEffort = 5

    /// libwebp's method (0–6): 4 is its default; at equal SSIM 6 saved nothing for twice the
    /// time, and 2 cost 8–11 % more bytes. (The photo preset cost 3–4 % more than the default.)
    static let webpMethod = 4
    /// aom's speed (0–9) through libheif: at JPEG 82's SSIM on the 23 photos at 1600 px, 9
    /// encodes in 0.44 of 8's time (one thread) for 4.6 % more bytes (70.8 % of JPEG's against
    /// 67.6 %; 6 and 7 take 2.2 and 1.8 times 8's); realtime (1.7 times), tune psnr (more bytes)
    /// and a second thread (galgen runs one encode per core) win nothing (bench/formats §4).
    static let avifSpeed = 9

    /// `table`'s setting for a JPEG `quality` at `width`.
    static func match(_ table: [Match], _ quality: Int, _ width: Int) -> Int {
        let at400 = interpolate(quality, table.map { ($0.jpeg, Double($0.at400)) })
        let at1600 = interpolate(quality, table.map { ($0.jpeg, Double($0.at1600)) })
        let t = min(1, max(0, log2(Double(max(1, width)) / 400) / 2))
        return Int((at400 + t * (at1600 - at400) - 1e-9).rounded(.up))
    }

    private static func interpolate(_ x: Int, _ points: [(Int, Double)]) -> Double {
        guard let first = points.first, let last = points.last else { return Double(x) }
        if x <= first.0 { return first.1 }
        if x >= last.0 { return last.1 }
        for (a, b) in zip(points, points.dropFirst()) where x <= b.0 {
            return a.1 + Double(x - a.0) * (b.1 - a.1) / Double(b.0 - a.0)
        }
        return last.1
    }
}
