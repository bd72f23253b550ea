import Testing
@testable import GalgenCore

@Suite("Fetch: body sniffing")
struct FetchBodySnifferTests {
    @Test func threeBytesAreNeeded() {
        #expect(BodySniffer.needed == 3)
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
        #expect(problem == .notJPEG(contentType: "text/html; charset=utf-8", start: "\"<!DOCTYPE html>.<html><h…\""))
        #expect(problem.description.contains("not a JPEG (got text/html"))
        #expect(problem.description == "not a JPEG (got text/html; charset=utf-8, starting \"<!DOCTYPE html>.<html><h…\")")
        #expect(!problem.isRetryable)
    }

    @Test func aJPEGContentTypeDoesNotMakeHTMLAJPEG() {
        #expect(BodySniffer.problem(start: Array("<html>".utf8), contentType: "image/jpeg")
                == .notJPEG(contentType: "image/jpeg", start: "\"<html>…\""))
    }

    @Test func emptyBody() throws {
        let problem = try #require(BodySniffer.problem(start: [], contentType: nil))
        #expect(problem == .notJPEG(contentType: nil, start: "empty"))
        #expect(problem.description == "not a JPEG (got no Content-Type, starting empty)")
    }

    @Test("Almost a JPEG is not one", arguments: [
        [0xFF, 0xD8], [0xFF], [0xFF, 0xD8, 0xFE], [0xD8, 0xFF, 0xFF], [0x00, 0xFF, 0xD8, 0xFF], [0xFF, 0xD9, 0xFF],
    ] as [[UInt8]])
    func nearMisses(_ start: [UInt8]) {
        #expect(BodySniffer.problem(start: start, contentType: "image/jpeg") != nil)
    }

    @Test("Bytes that are not printable ASCII show as dots", arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\".PNG...…\""),
        (Array("GIF89a".utf8) + [0x01, 0x00, 0x1B, 0x5B], "\"GIF89a...[…\""),
        (Array("a\tb\r\nc é".utf8), "\"a.b.c .…\""),
        ([0xFF, 0xD8], "\"..…\""),
    ] as [([UInt8], String)])
    func unprintable(_ start: [UInt8], _ shown: String) {
        #expect(BodySniffer.problem(start: start, contentType: nil) == .notJPEG(contentType: nil, start: shown))
    }

    @Test func atMost24BytesAreShown() {
        let long = Array(String(repeating: "abcdefghij", count: 10).utf8)
        #expect(BodySniffer.problem(start: long, contentType: "text/plain")
                == .notJPEG(contentType: "text/plain", start: "\"abcdefghijabcdefghijabcd…\""))
    }
}
