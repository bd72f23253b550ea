import Foundation
import GalgenCore
@testable import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// A CMYK fixture and its colour-managed reference (ColourReferences).
enum CMYKCase: String, CaseIterable, Sendable {
    /// YCCK with its own 557 KB CMYK profile.
    case ycck = "dn_ycck_multi_icc_segments.jpg"
    /// YCCK and plain CMYK without a profile: given the same CMYK profile, to test Adobe inversion through lcms2.
    case pilSample = "pil_sample_cmyk_adobe_ycck.jpg"
    case mozilla = "jd_mozilla_cmyk_transform0.jpg"

    func bytes() throws -> [UInt8] {
        let original = try Fixtures.bytes("odd/" + rawValue)
        return self == .ycck ? original : ICCSegments.embed(try ColourFixtures.cmykProfile(), in: original)
    }

    var reference: [Double] {
        switch self {
        case .ycck: ColourReferences.ycck
        case .pilSample: ColourReferences.pilSample
        case .mozilla: ColourReferences.mozilla
        }
    }
}

/// Renditions in the right colours: CMYK through its profile to sRGB, P3 kept or converted, the placeholder in sRGB.
@Suite
struct ColourTests {
    /// How close to a reference counts as the same colours, on 8×8 grid means (0–255 levels).
    /// The colour stage itself: lcms2 is within 0.01 level of vips; the written-down references are
    /// rounded to whole levels (up to 0.5 per cell, about 0.25 on average).
    static let exact = Tolerance(mean: 0.5, worst: 1.0)
    /// A whole rendition: JPEG coding at quality 95 (chroma subsampled) moves the mean of a 12-pixel
    /// cell of saturated red on black by up to ~7 levels on pil_sample.
    static let rendered = Tolerance(mean: 2.0, worst: 8.0)

    struct Tolerance {
        var mean: Double
        var worst: Double
    }

    static func render(_ bytes: [UInt8], width: Int = 10_000, colour: ThumbnailColour = .keep) throws -> RenderedImage {
        try JPEGImageRenderer.render(bytes, request: RenditionRequest(widths: [width], quality: 95, colour: colour), decoder: JPEGDecoder())
    }

    /// (mean, worst cell) of |grid(image) − reference|.
    static func error(_ image: PixelBuffer, against reference: [Double]) -> (mean: Double, worst: Double) {
        let grid = ColourStats.gridMeans(image)
        return (ColourStats.meanDifference(grid, reference), zip(grid, reference).map { abs($0 - $1) }.max() ?? 0)
    }

    static func matches(_ image: PixelBuffer, _ reference: [Double], within tolerance: Tolerance) -> Bool {
        let e = error(image, against: reference)
        return e.mean <= tolerance.mean && e.worst <= tolerance.worst
    }

    /// Through a JPEG at quality 95 and back, as a rendition goes.
    static func roundTrip(_ pixels: PixelBuffer) throws -> PixelBuffer {
        try JPEGDecoder().decode(try JPEGEncoder(quality: 95, progressive: false).encode(pixels, iccProfile: nil)).pixels
    }

    static func naive(_ decoded: DecodedJPEG) -> PixelBuffer {
        PixelBuffer(width: decoded.pixels.width, height: decoded.pixels.height, layout: .rgb,
                    bytes: CMYKConversion.rgb(fromCMYK: decoded.pixels.bytes, inverted: decoded.adobeInverted))
    }

    /// The colour stage on its own: CMYK through the profile (Adobe-inverted as lcms2's reversed
    /// CMYK) gives a colour-managed tool's colours, and the naive conversion does not.
    @Test(arguments: CMYKCase.allCases)
    func cmykThroughItsProfileMatchesTheReference(_ source: CMYKCase) throws {
        let decoded = try JPEGDecoder().decode(try source.bytes())
        #expect(decoded.pixels.layout == .cmyk && decoded.adobeInverted && decoded.iccProfile != nil)
        let prepared = RenditionColour.prepare(decoded, request: RenditionRequest(widths: [100], quality: 90))
        #expect(prepared.iccProfile == nil && prepared.warning == nil && prepared.pixels.layout == .rgb)
        let error = Self.error(prepared.pixels, against: source.reference)
        #expect(Self.matches(prepared.pixels, source.reference, within: Self.exact), "\(source): \(error)")
        #expect(!Self.matches(Self.naive(decoded), source.reference, within: Self.exact),
                "\(source): naive \(Self.error(Self.naive(decoded), against: source.reference))")
    }

    @Test(arguments: CMYKCase.allCases, ThumbnailColour.allCases)
    func cmykRenditionsAreSRGBAndCarryNoProfile(_ source: CMYKCase, colour: ThumbnailColour) throws {
        let bytes = try source.bytes()
        let full = try #require(try Self.render(bytes, colour: colour).renditions.last)
        let decoded = try JPEGDecoder().decode(full.jpeg)
        #expect(decoded.iccProfile == nil, "an RGB rendition must not carry the CMYK profile")
        #expect(decoded.pixels.layout == .rgb)
        let error = Self.error(decoded.pixels, against: source.reference)
        #expect(Self.matches(decoded.pixels, source.reference, within: Self.rendered), "\(source): \(error)")
        // The naive conversion, through the same JPEG round trip, fails the same check.
        let naive = try Self.roundTrip(Self.naive(try JPEGDecoder().decode(bytes)))
        #expect(!Self.matches(naive, source.reference, within: Self.rendered),
                "\(source): naive \(Self.error(naive, against: source.reference))")
    }

    @Test func noRenditionOfACMYKPhotoCarriesAProfileAtAnyWidth() throws {
        for source in CMYKCase.allCases {
            for rendition in try Self.render(try source.bytes(), width: 64).renditions + Self.render(try source.bytes(), width: 90).renditions {
                #expect(try JPEGDecoder().decode(rendition.jpeg).iccProfile == nil, "\(source) at \(rendition.width) px")
                #expect(!rendition.jpeg.contains(subsequence: Array("ICC_PROFILE".utf8)))
            }
        }
    }

    /// It used to be 561 KB: the 557 KB CMYK printer profile inside a 140 px RGB JPEG.
    @Test func theYCCKThumbnailIsSmall() throws {
        let rendered = try Self.render(try CMYKCase.ycck.bytes(), width: 140)
        let rendition = try #require(rendered.renditions.first)
        #expect(rendition.width == 140)
        #expect(rendition.byteCount < 20_000, "\(rendition.byteCount) bytes")
    }

    @Test func cmykWithoutAProfileFallsBackToTheNaiveConversion() throws {
        for name in ["pil_sample_cmyk_adobe_ycck.jpg", "jd_mozilla_cmyk_transform0.jpg"] {
            let decoded = try JPEGDecoder().decode(try Fixtures.bytes("odd/" + name))
            #expect(decoded.iccProfile == nil && decoded.pixels.layout == .cmyk && decoded.adobeInverted)
            let prepared = RenditionColour.prepare(decoded, request: RenditionRequest(widths: [100], quality: 90))
            #expect(prepared.pixels.bytes == CMYKConversion.rgb(fromCMYK: decoded.pixels.bytes, inverted: true))
            #expect(prepared.iccProfile == nil && prepared.warning == nil)
        }
    }

    @Test func displayP3IsKeptByDefault() throws {
        let source = try ColourFixtures.bytes("tomatoes_display_p3.jpg")
        let original = try JPEGDecoder().decode(source)
        let full = try #require(try Self.render(source).renditions.last)
        let decoded = try JPEGDecoder().decode(full.jpeg)
        #expect(decoded.iccProfile == original.iccProfile)
        #expect(ICCSegments.colourSpace(of: decoded.iccProfile ?? []) == "RGB ")
        // Its numbers are still P3's, which are not sRGB's.
        #expect(Self.matches(decoded.pixels, ColourStats.gridMeans(original.pixels), within: Self.rendered))
        #expect(!Self.matches(decoded.pixels, ColourReferences.tomatoes, within: Self.rendered))
    }

    @Test func displayP3IsConvertedUnderSRGB() throws {
        let full = try #require(try Self.render(try ColourFixtures.bytes("tomatoes_display_p3.jpg"), colour: .srgb).renditions.last)
        let decoded = try JPEGDecoder().decode(full.jpeg)
        #expect(decoded.iccProfile == nil)
        let error = Self.error(decoded.pixels, against: ColourReferences.tomatoes)
        #expect(Self.matches(decoded.pixels, ColourReferences.tomatoes, within: Self.rendered), "\(error)")
        // The colour stage alone, before JPEG coding, is within rounding of the reference.
        let source = try JPEGDecoder().decode(try ColourFixtures.bytes("tomatoes_display_p3.jpg"))
        let prepared = RenditionColour.prepare(source, request: RenditionRequest(widths: [100], quality: 90, colour: .srgb))
        #expect(prepared.iccProfile == nil && prepared.warning == nil)
        #expect(Self.matches(prepared.pixels, ColourReferences.tomatoes, within: Self.exact),
                "\(Self.error(prepared.pixels, against: ColourReferences.tomatoes))")
        #expect(!Self.matches(source.pixels, ColourReferences.tomatoes, within: Self.exact))
    }

    /// A BMP has no profile and is shown as sRGB: a P3 photo's placeholder is converted.
    @Test func theP3PhotosPlaceholderIsInSRGB() throws {
        let source = try ColourFixtures.bytes("tomatoes_display_p3.jpg")
        let kept = try Self.render(source, width: 120)
        let converted = try Self.render(source, width: 120, colour: .srgb)
        let keptPlaceholder = try #require(ColourStats.placeholderPixels(kept.placeholder))
        let sRGBPlaceholder = try #require(ColourStats.placeholderPixels(converted.placeholder))
        // Made from the P3 rendition's pixels without converting them: what a wrong placeholder looks like.
        let p3Pixels = try JPEGDecoder().decode(try #require(kept.renditions.first).jpeg).pixels
        let unconverted = try #require(ColourStats.placeholderPixels(Placeholder.dataURI(from: p3Pixels)))
        let near = ColourStats.meanDifference(keptPlaceholder, sRGBPlaceholder)
        let far = ColourStats.meanDifference(unconverted, sRGBPlaceholder)
        #expect(near <= 1.5, "kept-profile placeholder vs sRGB rendition's placeholder: \(near)")
        #expect(far > 3, "an unconverted placeholder is \(far) levels off")
    }
}

/// Profiles are judged once per process (usable? sRGB in all but name?), not once per photo.
@Suite
struct ProfileVerdictTests {
    @Test func anSRGBProfileIsRecognisedAndItsPlaceholderLeftAlone() throws {
        let iPhoneSRGB = try #require(try JPEGDecoder().decode(try Fixtures.bytes("odd/dn_iphone6plus_420_dri_icc.jpg")).iccProfile)
        let verdict = ProfileVerdicts.shared.verdict(on: iPhoneSRGB, for: .rgb)
        #expect(verdict.problem == nil && verdict.isSRGB)
        let p3 = ProfileVerdicts.shared.verdict(on: try ColourFixtures.p3Profile(), for: .rgb)
        #expect(p3.problem == nil && !p3.isSRGB)
        #expect(ProfileVerdicts.shared.verdict(on: try ColourFixtures.p3Profile(), for: .gray).problem != nil)
        var bytes: [UInt8] = []
        for y in 0..<8 { for x in 0..<8 { bytes += [UInt8(x * 30), UInt8(y * 30), 250] } }
        let image = PixelBuffer(width: 8, height: 8, layout: .rgb, bytes: bytes)
        #expect(Placeholder.dataURI(from: image, iccProfile: iPhoneSRGB) == Placeholder.dataURI(from: image))
        #expect(Placeholder.dataURI(from: image, iccProfile: try ColourFixtures.p3Profile()) != Placeholder.dataURI(from: image))
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        return (0...(count - needle.count)).contains { self[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
