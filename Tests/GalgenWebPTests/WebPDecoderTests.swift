import GalgenPixels
import GalgenTestSupport
import GalgenWebP
import Testing

/// libwebp on the WebP fixtures (Tests/Fixtures/formats, SOURCES.md): lossy, lossless,
/// alpha, an animation's first frame, the metadata chunks, and damaged input refused in words.
@Suite
struct WebPDecoderTests {
    static func bytes(_ name: String) throws -> [UInt8] { try Fixtures.bytes("formats/" + name) }

    @Test("Sizes and alpha from the header", arguments: [
        ("dn_photo1_vp8.webp", 1024, 772, false), ("dn_htc_desire_icc_exif.webp", 776, 909, false),
        ("dn_iphonex_exif6_issue473.webp", 320, 240, false), ("dn_alpha_lossy_rose.webp", 400, 301, true),
        // Simple lossless, no VP8X: only the VP8L header's alpha_is_used bit says it has alpha.
        ("dn_alpha_lossless_rose.webp", 400, 301, true), ("mk_lossless_vp8l_600x450.webp", 600, 450, false),
        // The canvas, flagged as having alpha (80 of its frames do).
        ("dn_animation_lossy_101f.webp", 320, 240, true),
    ])
    func header(_ name: String, _ width: Int, _ height: Int, _ alpha: Bool) throws {
        #expect(try WebPDecoder.header(try Self.bytes(name)) == ImageHeader(width: width, height: height, hasAlpha: alpha))
    }

    /// A fixture and its colour at a few points, RGB or RGBA, from libwebp's own command-line
    /// decoder: `dwebp FILE -ppm -o OUT.ppm` (`-pam` for the roses, which have alpha) with libwebp
    /// 1.2.4, and for the animation `webpmux -get frame 1 FILE -o f1.webp && dwebp f1.webp -ppm`
    /// (its first frame covers the whole canvas and is not blended). Compared exactly: the same
    /// library decodes with the same default options (fancy upsampling, no dithering), so any
    /// difference means the decoder is driven differently, not rounding.
    struct Reference: Sendable, CustomTestStringConvertible {
        var name: String
        var width: Int, height: Int
        var points: [(x: Int, y: Int, value: [UInt8])]
        var testDescription: String { name }
    }

    static let references: [Reference] = [
        Reference(name: "dn_photo1_vp8.webp", width: 1024, height: 772, points: [
            (0, 0, [27, 125, 192]), (512, 386, [82, 173, 231]), (1023, 771, [18, 21, 0]), (100, 600, [138, 222, 253]),
        ]),
        Reference(name: "dn_htc_desire_icc_exif.webp", width: 776, height: 909, points: [
            (0, 0, [202, 211, 242]), (388, 454, [128, 121, 125]), (775, 908, [123, 119, 114]), (200, 700, [168, 155, 150]),
        ]),
        Reference(name: "dn_iphonex_exif6_issue473.webp", width: 320, height: 240, points: [
            (0, 0, [118, 114, 113]), (160, 120, [234, 231, 218]), (319, 239, [206, 202, 197]), (50, 200, [57, 57, 57]),
        ]),
        Reference(name: "mk_lossless_vp8l_600x450.webp", width: 600, height: 450, points: [
            (0, 0, [73, 157, 217]), (300, 225, [82, 173, 231]), (599, 449, [118, 206, 252]), (150, 350, [60, 97, 110]),
        ]),
        // Transparent corners (their colour is what the encoder left there), opaque petals, a soft edge.
        Reference(name: "dn_alpha_lossy_rose.webp", width: 400, height: 301, points: [
            (0, 0, [84, 89, 46, 0]), (200, 150, [155, 76, 2, 255]), (399, 300, [117, 72, 39, 0]), (5, 150, [187, 124, 66, 142]),
        ]),
        Reference(name: "dn_alpha_lossless_rose.webp", width: 400, height: 301, points: [
            (0, 0, [84, 87, 44, 0]), (200, 150, [153, 75, 1, 255]), (399, 300, [116, 72, 37, 0]), (5, 150, [189, 125, 67, 142]),
        ]),
        Reference(name: "dn_animation_lossy_101f.webp", width: 320, height: 240, points: [
            (0, 0, [255, 255, 255]), (160, 120, [5, 199, 24]), (319, 239, [255, 254, 255]), (50, 200, [255, 254, 255]),
        ]),
    ]

    @Test("Pixels as dwebp decodes them", arguments: references)
    func pixels(_ reference: Reference) throws {
        let image = try WebPDecoder.decode(try Self.bytes(reference.name), maxPixels: 4_000_000)
        #expect((image.pixels.width, image.pixels.height, image.pixels.layout) == (reference.width, reference.height, .rgb))
        let hasAlpha = reference.points[0].value.count == 4
        #expect((image.alpha != nil) == hasAlpha)
        for (x, y, value) in reference.points {
            let offset = (y * reference.width + x) * 3
            var found = Array(image.pixels.bytes[offset..<offset + 3])
            if hasAlpha, let alpha = image.alpha { found.append(alpha[y * reference.width + x]) }
            #expect(found == value, "at (\(x), \(y))")
        }
    }

    @Test func aPlainLossyFileHasNoMetadataAndNoNotes() throws {
        let image = try WebPDecoder.decode(try Self.bytes("dn_photo1_vp8.webp"), maxPixels: 4_000_000)
        #expect(image.iccProfile == nil && image.alpha == nil)
        #expect(image.notes.isEmpty)
    }

    /// (EXIF and XMP are read from the chunks by GalgenImage's walk: `MetadataBlocksFormatTests`.)
    @Test func theICCProfileComesFromItsChunk() throws {
        let image = try WebPDecoder.decode(try Self.bytes("dn_htc_desire_icc_exif.webp"), maxPixels: 4_000_000)
        let profile = try #require(image.iccProfile)
        #expect(profile.count == 3144)
        // An ICC header: its declared size, then "acsp" at byte 36.
        #expect(bigEndian(profile[0..<4]) == 3144)
        #expect(Array(profile[36..<40]) == Array("acsp".utf8))
        #expect(contains(profile, "sRGB IEC61966-2.1"))
        #expect(image.notes.isEmpty)
    }

    @Test func pixelsComeAsStored() throws {
        // Its EXIF says orientation 6: the caller turns them.
        let image = try WebPDecoder.decode(try Self.bytes("dn_iphonex_exif6_issue473.webp"), maxPixels: 4_000_000)
        #expect((image.pixels.width, image.pixels.height) == (320, 240))
        #expect(image.iccProfile == nil && image.notes.isEmpty)
    }

    @Test func theTwoRosesHaveTheSameCutOut() throws {
        let lossy = try WebPDecoder.decode(try Self.bytes("dn_alpha_lossy_rose.webp"), maxPixels: 4_000_000)
        let lossless = try WebPDecoder.decode(try Self.bytes("dn_alpha_lossless_rose.webp"), maxPixels: 4_000_000)
        let (a, b) = (try #require(lossy.alpha), try #require(lossless.alpha))
        #expect(a.count == 400 * 301 && b.count == 400 * 301)
        #expect(a.contains(0) && a.contains(255) && b.contains(0) && b.contains(255))
        // The lossy file's ALPH chunk is itself lossless, so the planes agree closely (in fact exactly).
        let mean = { (plane: [UInt8]) in Double(plane.reduce(0) { $0 + Int($1) }) / Double(plane.count) }
        #expect(abs(mean(a) - mean(b)) < 1 && abs(mean(a) - 120.05) < 0.1)
        // Where both are opaque, the lossy colours stay near the lossless ones (dwebp: 2.1 on average).
        var (difference, samples) = (0, 0)
        for pixel in 0..<a.count where a[pixel] == 255 && b[pixel] == 255 {
            for channel in 0..<3 {
                difference += abs(Int(lossy.pixels.bytes[pixel * 3 + channel]) - Int(lossless.pixels.bytes[pixel * 3 + channel]))
                samples += 1
            }
        }
        #expect(samples > 100_000 && Double(difference) / Double(samples) < 4)
    }

    @Test func anAnimationGivesItsFirstFrameWithANote() throws {
        let image = try WebPDecoder.decode(try Self.bytes("dn_animation_lossy_101f.webp"), maxPixels: 4_000_000)
        #expect((image.pixels.width, image.pixels.height) == (320, 240))
        #expect(image.notes == ["an animated WebP of 101 frames: the first frame is used"])
        // The first frame covers the canvas and has no alpha: opaque, so no plane.
        #expect(image.alpha == nil)
    }

    @Test("An animation cut to its first frames", arguments: [(1, []), (2, ["an animated WebP of 2 frames: the first frame is used"])])
    func cutAnimation(_ frames: Int, _ notes: [String]) throws {
        let whole = try WebPDecoderTests.bytes("dn_animation_lossy_101f.webp")
        let image = try WebPDecoder.decode(firstFrames(frames, of: whole), maxPixels: 4_000_000)
        #expect((image.pixels.width, image.pixels.height) == (320, 240) && image.notes == notes)
        #expect(image.pixels == (try WebPDecoder.decode(whole, maxPixels: 4_000_000)).pixels)
    }

    @Test func maxPixelsIsCheckedFromTheHeaderBeforeDecoding() throws {
        let bytes = try Self.bytes("dn_photo1_vp8.webp")
        #expect(failure { _ = try WebPDecoder.decode(bytes, maxPixels: 1024 * 772 - 1) }
            == "it has 790528 pixels (1024×772), over thumbnails.max_pixels (790527)")
        // Only the header is there: it is refused for its size, not for the missing data.
        #expect(failure { _ = try WebPDecoder.decode(Array(bytes.prefix(64)), maxPixels: 1000) }
            == "it has 790528 pixels (1024×772), over thumbnails.max_pixels (1000)")
        #expect(try WebPDecoder.decode(bytes, maxPixels: 1024 * 772).pixels.width == 1024)
        // An animation's canvas is what counts.
        let animation = try Self.bytes("dn_animation_lossy_101f.webp")
        #expect(failure { _ = try WebPDecoder.decode(animation, maxPixels: 320 * 240 - 1) }
            == "it has 76800 pixels (320×240), over thumbnails.max_pixels (76799)")
    }
}

/// Damaged and foreign input: refused with libwebp's reason in words, or decoded with the damage;
/// never a crash, and never a buffer that does not match the size.
@Suite
struct WebPDamagedInputTests {
    static let stills = ["dn_photo1_vp8.webp", "dn_htc_desire_icc_exif.webp", "dn_iphonex_exif6_issue473.webp", "dn_alpha_lossy_rose.webp",
                         "dn_alpha_lossless_rose.webp", "mk_lossless_vp8l_600x450.webp"]

    @Test func everyWebPFixtureIsCovered() {
        let covered = Set(Self.stills + ["dn_animation_lossy_101f.webp"])
        #expect(Set(Fixtures.names(in: "formats").filter { $0.hasSuffix(".webp") }) == covered)
    }

    @Test("Half a file is refused as truncated; its header still reads", arguments: stills)
    func truncated(_ name: String) throws {
        let bytes = try WebPDecoderTests.bytes(name)
        let half = Array(bytes.prefix(bytes.count / 2))
        #expect(failure { _ = try WebPDecoder.decode(half, maxPixels: 4_000_000) }
            == "its image data could not be decoded: the file is truncated (not enough data)")
        #expect(try WebPDecoder.header(half) == WebPDecoder.header(bytes))
        // libwebp checks the RIFF size first: one byte short is refused too, even where it is
        // the last byte of an EXIF chunk after the image.
        #expect(failure { _ = try WebPDecoder.decode(Array(bytes.dropLast()), maxPixels: 4_000_000 ) } != nil)
    }

    @Test func aDamagedAnimationIsRefused() throws {
        let bytes = try WebPDecoderTests.bytes("dn_animation_lossy_101f.webp")
        #expect(failure { _ = try WebPDecoder.decode(Array(bytes.prefix(bytes.count / 2)), maxPixels: 4_000_000) }
            == "its animation could not be read: the chunks are damaged or the file is truncated")
        // Bytes early in the first frame's first partition flipped (its VP8 header, which the demuxer checks, intact).
        let frame = try #require(imageChunk(bytes))
        var damaged = bytes
        for offset in frame.dropFirst(124).prefix(16) { damaged[offset] ^= 0xFF }
        #expect(failure { _ = try WebPDecoder.decode(damaged, maxPixels: 4_000_000) }
            == "the first frame of its animation could not be decoded: the data is damaged or truncated")
    }

    /// 16 bytes flipped in the middle of the image chunk's payload (the first frame's, for the animation).
    @Test("Flipped bytes in the image data", arguments: [
        // VP8 has no checksum: a lossy frame decodes, damaged.
        ("dn_photo1_vp8.webp", nil), ("dn_htc_desire_icc_exif.webp", nil), ("dn_alpha_lossy_rose.webp", nil),
        // VP8L's prefix codes do not survive it; in the long lossless photo these bytes land past
        // them, in the coded pixels, and it decodes damaged (as dwebp decodes it).
        ("mk_lossless_vp8l_600x450.webp", nil),
        ("dn_alpha_lossless_rose.webp", "its image data could not be decoded: the data is damaged (bitstream error)"),
        ("dn_animation_lossy_101f.webp", nil),
    ] as [(String, String?)])
    func mutated(_ name: String, _ expected: String?) throws {
        let bytes = try WebPDecoderTests.bytes(name)
        let chunk = try #require(imageChunk(bytes))
        var damaged = bytes
        for offset in chunk.lowerBound + chunk.count / 2 ..< chunk.lowerBound + chunk.count / 2 + 16 { damaged[offset] ^= 0xFF }
        do {
            let image = try WebPDecoder.decode(damaged, maxPixels: 4_000_000)
            #expect(expected == nil, "decoded")
            let original = try WebPDecoder.decode(bytes, maxPixels: 4_000_000)
            #expect((image.pixels.width, image.pixels.height) == (original.pixels.width, original.pixels.height))
            #expect(image.pixels != original.pixels)
            #expect(image.iccProfile == original.iccProfile)
        } catch {
            #expect(error.message == expected)
        }
    }

    @Test func aMetadataChunkRunningPastTheEndCostsTheProfileWithANote() throws {
        var bytes = try WebPDecoderTests.bytes("dn_htc_desire_icc_exif.webp")
        // The EXIF chunk, after the image, at 45840 (SOURCES.md: 514 bytes): now 4096.
        #expect(Array(bytes[45840..<45844]) == Array("EXIF".utf8))
        (bytes[45844], bytes[45845]) = (0x00, 0x10)
        let image = try WebPDecoder.decode(bytes, maxPixels: 4_000_000)
        #expect(image.pixels.width == 776 && image.iccProfile == nil)
        #expect(image.notes == ["its ICC profile, if any, could not be read: libwebp's demuxer refused the file's chunk layout"])
    }

    @Test("Not WebP files", arguments: [
        ([], "the file is empty"),
        (Array("not a photo".utf8), "not a WebP file (it does not start with RIFF….WEBP)"),
        ([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 60), "not a WebP file (it does not start with RIFF….WEBP)"),
        (Array("RIFF".utf8), "the file is truncated (4 bytes, shorter than a WebP header)"),
        (Array("RIFF\0\0\0\0WAVEfmt ".utf8), "not a WebP file (it does not start with RIFF….WEBP)"),
        (Array("RIFF\u{20}\0\0\0WEBPVP8 ".utf8) + [UInt8](repeating: 0x5A, count: 24), "its header could not be read: the data is damaged (bitstream error)"),
    ] as [([UInt8], String)])
    func notWebP(_ bytes: [UInt8], _ expected: String) {
        #expect(failure { _ = try WebPDecoder.header(bytes) } == expected)
        #expect(failure { _ = try WebPDecoder.decode(bytes, maxPixels: 4_000_000) } == expected)
    }

    @Test func aBareVP8LBitstreamIsNotAWebPFile() throws {
        // libwebp itself would decode it; without the RIFF container it is not a .webp file.
        let bytes = try WebPDecoderTests.bytes("mk_lossless_vp8l_600x450.webp")
        #expect(failure { _ = try WebPDecoder.header(Array(bytes[20...])) } == "not a WebP file (it does not start with RIFF….WEBP)")
    }

    /// 200 seeded mutations of the small fixtures (bytes changed anywhere or in the headers, cut
    /// short, a run deleted): each is refused in words or decodes to buffers of its header's size.
    @Test func randomMutationsNeverCrash() throws {
        let seeds = try ["dn_alpha_lossy_rose.webp", "dn_alpha_lossless_rose.webp", "dn_iphonex_exif6_issue473.webp",
                         "dn_htc_desire_icc_exif.webp", "dn_animation_lossy_101f.webp"].map(WebPDecoderTests.bytes)
        var random = SplitMix64(seed: 0x5745_4250)
        var (refused, decoded) = (0, 0)
        for round in 0..<200 {
            var bytes = seeds[round % seeds.count]
            switch Int.random(in: 0..<4, using: &random) {
            case 0: for _ in 0..<Int.random(in: 1...8, using: &random) { bytes[Int.random(in: 0..<bytes.count, using: &random)] = .random(in: 0...255, using: &random) }
            case 1: for _ in 0..<Int.random(in: 1...3, using: &random) { bytes[Int.random(in: 0..<64, using: &random)] = .random(in: 0...255, using: &random) }
            case 2: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            default:
                let start = Int.random(in: 12..<bytes.count, using: &random)
                bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...256, using: &random)))
            }
            do {
                let image = try WebPDecoder.decode(bytes, maxPixels: 4_000_000)
                let header = try WebPDecoder.header(bytes)
                let (width, height) = (image.pixels.width, image.pixels.height)
                #expect((width, height) == (header.width, header.height), "round \(round)")
                #expect(image.pixels.bytes.count == width * height * 3 && (image.alpha?.count ?? width * height) == width * height)
                decoded += 1
            } catch {
                #expect(!error.message.isEmpty, "round \(round)")
                refused += 1
            }
        }
        // Both outcomes occur: the mutations reach past the header checks.
        #expect(refused > 20 && decoded > 20, "\(refused) refused, \(decoded) decoded")
    }
}

// MARK: - Helpers

/// The WebPError's message, or nil when `body` did not throw.
func failure(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as WebPError {
        return error.message
    } catch {
        return "not a WebPError: \(error)"
    }
}

func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    return bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
}

/// EXIF orientation (tag 0x0112 in IFD0) of a bare TIFF structure, read by hand.
func orientation(_ tiff: [UInt8]) -> Int? {
    guard tiff.count >= 8 else { return nil }
    let little = tiff[0] == 0x49
    func read(_ offset: Int, _ size: Int) -> Int? {
        guard offset >= 0, offset + size <= tiff.count else { return nil }
        let bytes = tiff[offset..<offset + size]
        return (little ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
    }
    guard let ifd = read(4, 4), let entries = read(ifd, 2) else { return nil }
    for entry in 0..<entries {
        let at = ifd + 2 + entry * 12
        if read(at, 2) == 0x0112 { return read(at + 8, 2) }
    }
    return nil
}

/// An animation cut to its first `count` ANMF chunks, its RIFF size rewritten.
func firstFrames(_ count: Int, of bytes: [UInt8]) -> [UInt8] {
    var (offset, frames) = (12, 0)
    while offset + 8 <= bytes.count, frames < count {
        let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
        frames += bytes[offset..<offset + 4].elementsEqual("ANMF".utf8) ? 1 : 0
        offset += 8 + size + size % 2
    }
    let riffSize = UInt32(min(offset, bytes.count) - 8)
    return Array("RIFF".utf8) + withUnsafeBytes(of: riffSize.littleEndian, Array.init) + bytes[8..<min(offset, bytes.count)]
}

/// The payload of the first VP8/VP8L chunk, at the top level or in the first ANMF frame.
func imageChunk(_ bytes: [UInt8]) -> Range<Int>? {
    var offset = 12
    while offset + 8 <= bytes.count {
        let fourcc = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
        if fourcc == "VP8 " || fourcc == "VP8L" { return offset + 8..<min(bytes.count, offset + 8 + size) }
        // Into the frame: its 16-byte header, then its ALPH and image chunks.
        offset += fourcc == "ANMF" ? 8 + 16 : 8 + size + size % 2
    }
    return nil
}
