import Testing
@testable import GalgenCore

@Suite("Fetch: body sniffing")
struct FetchBodySnifferTests {
    @Test func anFtypBoxWorthOfBytesIsNeeded() {
        #expect(BodySniffer.needed == 32)
    }

    /// An ISO-BMFF `ftyp` box: size, "ftyp", major brand, minor version, compatible brands.
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let size = 16 + 4 * compatible.count
        return [0, 0, 0, UInt8(size)] + Array("ftyp\(major)".utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
    }

    @Test("Each format galgen reads is told from its first bytes", arguments: [
        (ftyp("heic", ["mif1", "heic"]), ImageFormat.heif), (ftyp("mif1", ["mif1", "heic", "miaf", "MiHB"]), .heif),
        (ftyp("avif", ["avif", "mif1", "miaf"]), .avif), (ftyp("mif1", ["mif1", "miaf", "avif"]), .avif),
        (Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png), ([0xFF, 0xD8, 0xFF, 0xE1], .jpeg),
        // Videos: an MP4, a QuickTime movie, Matroska/WebM (EBML), AVI.
        (ftyp("mp42", ["isom", "mp42"]), .mp4), (ftyp("qt  ", []), .quickTime), ([0x1A, 0x45, 0xDF, 0xA3, 0x01], .matroska),
        (Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("AVI LIST".utf8), .avi),
    ] as [([UInt8], ImageFormat)])
    func formats(_ start: [UInt8], _ format: ImageFormat) {
        #expect(ImageFormat(signature: start) == format)
        #expect(BodySniffer.problem(start: start, contentType: "application/octet-stream") == nil)
    }

    @Test("Lookalikes are refused: other ISO-BMFF files, other RIFF files, cut signatures", arguments: [
        ftyp("M4A ", ["M4A "]), ftyp("crx ", ["crx "]), Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("WAVEfmt ".utf8),
        Array("RIFF".utf8), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A], Array("GIF89".utf8),
    ] as [[UInt8]])
    func lookalikes(_ start: [UInt8]) {
        #expect(ImageFormat(signature: start) == nil)
        #expect(BodySniffer.problem(start: start, contentType: "image/heic") != nil)
    }

    @Test("A JPEG start is accepted, whatever the Content-Type says", arguments: [
        ([0xFF, 0xD8, 0xFF], "image/jpeg"), ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], nil),
        ([0xFF, 0xD8, 0xFF, 0xE1], "application/octet-stream"), ([0xFF, 0xD8, 0xFF, 0xDB], "text/html"),
    ] as [([UInt8], String?)])
    func jpeg(_ start: [UInt8], _ contentType: String?) {
        #expect(BodySniffer.problem(start: start, contentType: contentType) == nil)
    }

    @Test func htmlIsRejectedAndShown() throws {
        let html = Array("<!DOCTYPE html>\n<html><head><title>Sign in</title>".utf8)
        let problem = try #require(BodySniffer.problem(start: html, contentType: "text/html; charset=utf-8"))
        #expect(problem == .notAPhoto(contentType: "text/html; charset=utf-8", start: "\"<!DOCTYPE html>.<html><h…\""))
        #expect(problem.description.contains("not a photo galgen reads (JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL; got text/html"))
        #expect(problem.description == "not a photo galgen reads (JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL; "
            + "got text/html; charset=utf-8, starting \"<!DOCTYPE html>.<html><h…\")")
        #expect(!problem.isRetryable)
    }

    @Test func aJPEGContentTypeDoesNotMakeHTMLAJPEG() {
        #expect(BodySniffer.problem(start: Array("<html>".utf8), contentType: "image/jpeg")
                == .notAPhoto(contentType: "image/jpeg", start: "\"<html>…\""))
    }

    @Test func emptyBody() throws {
        let problem = try #require(BodySniffer.problem(start: [], contentType: nil))
        #expect(problem == .notAPhoto(contentType: nil, start: "empty"))
        #expect(problem.description == "not a photo galgen reads (JPEG, HEIC/HEIF, AVIF, WebP, PNG or JPEG XL; got no Content-Type, starting empty)")
    }

    @Test("Almost a JPEG is not one", arguments: [
        [0xFF, 0xD8], [0xFF], [0xFF, 0xD8, 0xFE], [0xD8, 0xFF, 0xFF], [0x00, 0xFF, 0xD8, 0xFF], [0xFF, 0xD9, 0xFF],
    ] as [[UInt8]])
    func nearMisses(_ start: [UInt8]) {
        #expect(BodySniffer.problem(start: start, contentType: "image/jpeg") != nil)
    }

    @Test("Bytes that are not printable ASCII show as dots", arguments: [
        // CR LF is one Character, so one dot.
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A], "\".PNG..…\""),
        (Array("BM6x".utf8) + [0x01, 0x00, 0x1B, 0x5B], "\"BM6x...[…\""),
        (Array("a\tb\r\nc é".utf8), "\"a.b.c .…\""),
        ([0xFF, 0xD8], "\"..…\""),
    ] as [([UInt8], String)])
    func unprintable(_ start: [UInt8], _ shown: String) {
        #expect(BodySniffer.problem(start: start, contentType: nil) == .notAPhoto(contentType: nil, start: shown))
    }

    @Test func atMost24BytesAreShown() {
        let long = Array(String(repeating: "abcdefghij", count: 10).utf8)
        #expect(BodySniffer.problem(start: long, contentType: "text/plain")
                == .notAPhoto(contentType: "text/plain", start: "\"abcdefghijabcdefghijabcd…\""))
    }
}
