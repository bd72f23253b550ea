@testable import GalgenCore
import Testing

/// The format table: each format's signature, names and media type, and the media kind chosen
/// from it, as they were before the table (spelled out here, not read back from the table).
struct FormatIdentityTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    static let webp: [UInt8] = Array("RIFF".utf8) + [9, 9, 9, 9] + Array("WEBPVP8 ".utf8)
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    }

    @Test(arguments: [
        ([0xFF, 0xD8, 0xFF, 0xE0], ImageFormat.jpeg), (png, .png), (webp, .webp),
        (ftyp("heic", ["mif1", "heic"]), .heif), (ftyp("mif1", ["mif1", "miaf"]), .heif),
        (ftyp("avif", ["mif1"]), .avif), (ftyp("mif1", ["mif1", "avif"]), .avif), (ftyp("heic", ["avis"]), .avif),
        // JPEG XL: a bare codestream, or the container's signature box.
        ([0xFF, 0x0A, 0xFA, 0x7F], .jxl), ([0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A, 0, 0, 0, 0x14], .jxl),
    ])
    func everyFormatIsToldByItsFirstBytes(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(signature: bytes) == format)
    }

    @Test(arguments: [
        [0xFF, 0xD8, 0x00], Array("RIFF0000WAVE".utf8), ftyp("M4A ", ["M4A "]), [0x89, 0x50, 0x4E, 0x47], [],
        [0xFF, 0x0B], [0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0B],
    ] as [[UInt8]])
    func otherBytesAreNoFormat(bytes: [UInt8]) {
        #expect(ImageFormat(signature: bytes) == nil)
    }

    @Test func suffixesMediaTypesAndNamesAreAsBefore() {
        #expect(ImageFormat.allCases.map(\.identity.fileSuffix) == ["jpg", "heic", "avif", "webp", "png", "jxl", "mov", "mp4", "mkv", "avi", "gif"])
        #expect(ImageFormat.allCases.map(\.identity.mediaType) == ["image/jpeg", "image/heic", "image/avif", "image/webp", "image/png",
                                                                   "image/jxl", "video/quicktime", "video/mp4", "video/x-matroska", "video/x-msvideo", "image/gif"])
        #expect(OutputFormat.allCases.map(\.fileExtension) == ["avif", "webp", "jpg", "jxl"])
        #expect(OutputFormat.allCases.map(\.mimeType) == ["image/avif", "image/webp", "image/jpeg", "image/jxl"])
        #expect(ImageFormat.supportedList == "JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL")
        #expect(ImageFormat.videoList == "QuickTime, MP4, Matroska/WebM, AVI or GIF")
        #expect(ImageFormat.heif.identity.servedMediaTypes == ["heic": "image/heic", "heif": "image/heif"])
        let extensions = Set(ImageFormat.allCases.flatMap(\.identity.fileExtensions))
        #expect(extensions == ["jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "webp", "png", "jxl",
                               "mov", "qt", "mp4", "m4v", "3gp", "3g2", "mkv", "webm", "avi", "gif"])
    }

    @Test func theMediaKindIsChosenFromTheTable() {
        #expect(MediaKind(fileName: "IMG_1.HEIC") == .photo && MediaKind(fileName: "a.b.jfif") == .photo)
        #expect(MediaKind(fileName: "clip.MOV") == .video && MediaKind(fileName: "a.webm") == .video)
        #expect(MediaKind(fileName: "clip.m4a") == nil && MediaKind(fileName: ".jpg") == nil && MediaKind(fileName: "jpg") == nil)
        #expect(MediaKind(signature: Self.webp) == .photo && MediaKind(signature: [0x47, 0x49, 0x46]) == nil && MediaKind(signature: Array("GIF89a".utf8)) == .video)
        #expect(FileKind(fileName: "a.png") == .media(.photo) && FileKind(fileName: "a.GIF") == .media(.video) && FileKind(fileName: "a.tif") == .unsupported("TIFF"))
        #expect(FileKind(fileName: "a.txt") == .other && FileKind(fileName: "README") == .other)
    }
}
