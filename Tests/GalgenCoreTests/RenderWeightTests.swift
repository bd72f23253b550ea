import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// Each item's estimated work, from its file's size and the formats to make.
struct RenderWeightTests {
    static let widths = RenditionRequest.defaultWidths

    static func weight(_ format: ImageFormat? = .jpeg, size: Int? = 3_000_000, formats: [OutputFormat]) -> Int {
        RenderWeight.of(format: format, size: size, widths: widths, formats: formats)
    }

    /// Measured: WebP's encoding takes 6 times JPEG's, AVIF's (aom speed 9) 4 times (see `RenderWeight`).
    @Test func webPWeighsMostThenAVIFThenJPEG() {
        let jpeg = Self.weight(formats: [.jpeg]), webp = Self.weight(formats: [.webp]), avif = Self.weight(formats: [.avif])
        #expect(jpeg < avif && avif < webp)
        #expect(2 * avif > 3 * jpeg)
        // Every format listed is made: the encodings add up, the decoding is done once.
        let both = Self.weight(formats: [.avif, .jpeg])
        #expect(both > avif && both < avif + jpeg)
    }

    /// Past the largest rendition a bigger photo costs more decoding only.
    @Test func aBiggerPhotoWeighsMoreButNotInProportion() {
        let photo = Self.weight(size: 3_000_000, formats: [.avif, .jpeg]), twice = Self.weight(size: 6_000_000, formats: [.avif, .jpeg])
        #expect(photo < twice && twice < 2 * photo)
        // A small photo is never upscaled: far less work.
        #expect(Self.weight(size: 100_000, formats: [.avif, .jpeg]) * 5 < photo)
    }

    @Test func renditionsAreNeverUpscaled() {
        // 1500 × 1000: 320, 640 and 1080 px wide, then one at its own 1500 px.
        let pixels = RenderWeight.renditionPixels(1_500_000, widths: Self.widths)
        #expect(pixels == Double(320 * 320 + 640 * 640 + 1080 * 1080 + 1500 * 1500) / 1.5)
    }

    /// The pixels are guessed from the bytes a format typically takes for each pixel.
    @Test func aPNGOfTheSameSizeHoldsFewerPixelsThanAJPEG() {
        #expect(Self.weight(.png, size: 3_000_000, formats: [.jpeg]) < Self.weight(.jpeg, size: 3_000_000, formats: [.jpeg]))
        #expect(Self.weight(.heif, size: 3_000_000, formats: [.jpeg]) > Self.weight(.jpeg, size: 3_000_000, formats: [.jpeg]))
    }

    @Test func anUnknownSizeIsATypicalPhotoAndAVideoItsPoster() {
        #expect(Self.weight(size: nil, formats: [.jpeg]) == Self.weight(size: Int(12_000_000 * 0.23), formats: [.jpeg]))
        #expect(Self.weight(.mp4, size: 900_000_000, formats: [.avif]) == Self.weight(.mp4, size: 1_000, formats: [.avif]))
        #expect(Self.weight(.mp4, size: 900_000_000, formats: [.avif]) < Self.weight(size: nil, formats: [.avif]))
    }

    @Test(arguments: [("photos/beach.HEIC", ImageFormat.heif), ("a.jpeg", .jpeg), ("Day 2/clip.mov", .quickTime)])
    func theFormatIsGuessedFromTheName(name: String, format: ImageFormat) {
        #expect(RenderWeight.format(ofName: name) == format)
    }

    @Test(arguments: ["https://example.org/a.jpg?w=2000", "photos.d/beach", "README"])
    func aNameWithoutAKnownExtensionHasNoFormat(name: String) {
        #expect(RenderWeight.format(ofName: name) == nil)
    }
}
