import CLCMS2
import Foundation
import GalgenCore
@testable import GalgenImage
import GalgenJPEG
import GalgenPixels
import GalgenTestSupport
import Testing

/// Profiles that cannot be used: damaged, truncated, or for other pixels. None may crash or hang a
/// build, and none is ever embedded; the pixels are published as they are (CMYK: the naive
/// conversion), with a warning that says what was wrong.
@Suite
struct ColourFallbackTests {
    static func prepare(_ jpeg: [UInt8], colour: ThumbnailColour = .keep) throws
        -> (decoded: DecodedJPEG, pixels: PixelBuffer, iccProfile: [UInt8]?, warning: String?) {
        let decoded = try JPEGDecoder().decode(jpeg)
        let prepared = RenditionColour.prepare(decoded, request: RenditionRequest(widths: [64], quality: 90, colour: colour))
        return (decoded, prepared.pixels, prepared.iccProfile, prepared.warning)
    }

    static func naive(_ decoded: DecodedJPEG) -> [UInt8] {
        CMYKConversion.rgb(fromCMYK: decoded.pixels.bytes, inverted: decoded.adobeInverted)
    }

    static func rgbJPEG(iccProfile: [UInt8]?) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<32 { for x in 0..<48 { bytes += [UInt8(x * 5), UInt8(y * 8), 200] } }
        return try JPEGEncoder(quality: 90, progressive: false)
            .encode(PixelBuffer(width: 48, height: 32, layout: .rgb, bytes: bytes), iccProfile: iccProfile)
    }

    @Test(arguments: [1, 100, 131, 132, 200, 1000, 65_536, 278_584, 557_167])
    func aTruncatedCMYKProfileNeverCrashesAndIsNeverEmbedded(length: Int) throws {
        let profile = Array(try ColourFixtures.cmykProfile().prefix(length))
        let jpeg = ICCSegments.embed(profile, in: try Fixtures.bytes("odd/pil_sample_cmyk_adobe_ycck.jpg"))
        let prepared = try Self.prepare(jpeg)
        #expect(prepared.iccProfile == nil && prepared.pixels.layout == .rgb)
        if let warning = prepared.warning {
            #expect(warning.hasPrefix("the embedded ICC profile is damaged"), "\(warning)")
            #expect(warning.hasSuffix("its CMYK colours were converted without it and may be off"))
            #expect(prepared.pixels.bytes == Self.naive(prepared.decoded))
        }
        if length <= 1000 { #expect(prepared.warning != nil, "a \(length)-byte CMYK profile cannot be usable") }
        for rendition in try JPEGImageRenderer.render(jpeg, request: RenditionRequest(widths: [40], quality: 80),
                                                      decoder: JPEGDecoder()).renditions {
            #expect(try JPEGDecoder().decode(rendition.jpeg).iccProfile == nil)
        }
    }

    @Test(arguments: ThumbnailColour.allCases)
    func aTruncatedP3ProfileIsLeftOut(colour: ThumbnailColour) throws {
        let profile = try ColourFixtures.p3Profile()
        let jpeg = try Self.rgbJPEG(iccProfile: Array(profile.prefix(300)))
        let prepared = try Self.prepare(jpeg, colour: colour)
        #expect(prepared.iccProfile == nil)
        #expect(prepared.pixels == prepared.decoded.pixels)
        let warning = try #require(prepared.warning)
        #expect(warning.hasPrefix("the embedded ICC profile is damaged: "))
        #expect(warning.hasSuffix("; the profile was left out, so the photo is shown as sRGB"))
    }

    /// 400 deterministic single-byte changes to a real profile: each is either still a usable
    /// profile (then kept and convertible) or left out with a warning; nothing else happens.
    @Test func mutatedProfilesAreUsableOrLeftOut() throws {
        let profile = try ColourFixtures.p3Profile()
        var generator = SplitMix64(seed: 14)
        var leftOut = 0
        for _ in 0..<400 {
            var mutated = profile
            mutated[Int(generator.next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: generator.next())
            let jpeg = try Self.rgbJPEG(iccProfile: mutated)
            let kept = try Self.prepare(jpeg, colour: .keep)
            if let iccProfile = kept.iccProfile {
                #expect(iccProfile == mutated && kept.warning == nil)
                #expect(throws: Never.self) { try ColourConversion.check(profile: iccProfile, layout: .rgb) }
            } else {
                leftOut += 1
                #expect(kept.warning != nil)
            }
            let converted = try Self.prepare(jpeg, colour: .srgb)
            #expect(converted.iccProfile == nil && converted.pixels.layout == .rgb)
        }
        #expect(leftOut > 0, "some of the changes must break the profile")
    }

    @Test func aCMYKProfileOnAnRGBPhotoIsLeftOut() throws {
        let jpeg = try Self.rgbJPEG(iccProfile: try ColourFixtures.cmykProfile())
        for colour in ThumbnailColour.allCases {
            let prepared = try Self.prepare(jpeg, colour: colour)
            #expect(prepared.iccProfile == nil)
            #expect(prepared.pixels == prepared.decoded.pixels)
            #expect(prepared.warning == "the embedded ICC profile describes CMYK colours, but the photo's pixels are RGB; "
                + "the profile was left out, so the photo is shown as sRGB")
        }
        let rendition = try #require(try JPEGImageRenderer.render(jpeg, request: RenditionRequest(widths: [48], quality: 90),
                                                                  decoder: JPEGDecoder()).renditions.first)
        #expect(try JPEGDecoder().decode(rendition.jpeg).iccProfile == nil)
        #expect(rendition.byteCount < 10_000)
    }

    @Test func anRGBProfileOnACMYKPhotoFallsBackToTheNaiveConversion() throws {
        let jpeg = ICCSegments.embed(try ColourFixtures.p3Profile(), in: try Fixtures.bytes("odd/jd_mozilla_cmyk_transform0.jpg"))
        let prepared = try Self.prepare(jpeg)
        #expect(prepared.iccProfile == nil)
        #expect(prepared.pixels.bytes == Self.naive(prepared.decoded))
        #expect(prepared.warning == "the embedded ICC profile describes RGB colours, but the photo's pixels are CMYK; "
            + "its CMYK colours were converted without it and may be off")
    }

    @Test func grayPhotosWithoutAProfileAreLeftAlone() throws {
        for colour in ThumbnailColour.allCases {
            let prepared = try Self.prepare(try Fixtures.bytes("odd/pil_hopper_gray.jpg"), colour: colour)
            #expect(prepared.pixels == prepared.decoded.pixels && prepared.pixels.layout == .gray)
            #expect(prepared.iccProfile == nil && prepared.warning == nil)
        }
    }

    @Test func aGrayPhotoWithAnRGBProfileLosesIt() throws {
        let gray = PixelBuffer(width: 16, height: 16, layout: .gray, bytes: (0..<256).map { UInt8($0) })
        let jpeg = try JPEGEncoder(quality: 90, progressive: false).encode(gray, iccProfile: try ColourFixtures.p3Profile())
        let prepared = try Self.prepare(jpeg)
        #expect(prepared.iccProfile == nil && prepared.pixels == prepared.decoded.pixels)
        #expect(prepared.warning?.contains("describes RGB colours, but the photo's pixels are gray") == true)
    }
}

/// Gray photos with a gray profile: kept, or put on sRGB's tone curve and still one channel.
@Suite struct GrayColourTests {
    /// A linear-light gray profile (gamma 1.0), made with lcms2: 50 % light is stored as 128,
    /// where sRGB stores it as 188.
    static func linearGrayProfile() throws -> [UInt8] {
        let context = try LittleCMSContext()
        let curve = try #require(cmsBuildGamma(context.handle, 1.0))
        defer { cmsFreeToneCurve(curve) }
        let profile = try #require(cmsCreateGrayProfileTHR(context.handle, cmsD50_xyY(), curve))
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        #expect(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        #expect(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    @Test func keptOrPutOnSRGBsToneCurve() throws {
        let profile = try Self.linearGrayProfile()
        let gray = PixelBuffer(width: 16, height: 16, layout: .gray, filledWith: 128)
        let jpeg = try JPEGEncoder(quality: 95, progressive: false).encode(gray, iccProfile: profile)
        let decoded = try JPEGDecoder().decode(jpeg)
        let kept = RenditionColour.prepare(decoded, request: RenditionRequest(widths: [16], quality: 90))
        #expect(kept.iccProfile == profile && kept.pixels == decoded.pixels && kept.warning == nil)
        let converted = RenditionColour.prepare(decoded, request: RenditionRequest(widths: [16], quality: 90, colour: .srgb))
        #expect(converted.iccProfile == nil && converted.warning == nil && converted.pixels.layout == .gray)
        #expect(converted.pixels.bytes.allSatisfy { (186...190).contains($0) }, "\(converted.pixels.bytes.prefix(4))")
        // The placeholder of the kept rendition is in sRGB too.
        let placeholder = try #require(ColourStats.placeholderPixels(Placeholder.dataURI(from: decoded.pixels, iccProfile: profile)))
        #expect(placeholder.bytes.allSatisfy { (186...190).contains($0) }, "\(placeholder.bytes.prefix(3))")
    }
}
