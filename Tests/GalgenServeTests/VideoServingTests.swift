import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import GalgenServe

/// A published video as a browser's `<video>` asks for it: its type, then parts of it as the
/// user seeks (Range), through the preview server.
@Suite struct VideoServingTests {
    /// A small video (read whole by `ConfinedFileSystem`) and one past its whole-file limit (streamed).
    static let sizes = [5000, 3 << 20]
    static let name = "/images/clip-1080p.3f2a9c1e.mp4"

    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) } }

    static func site(size: Int) throws -> PreviewSite {
        let site = try PreviewSite()
        try Data(bytes(size)).write(to: URL(fileURLWithPath: site.site + name))
        return site
    }

    @Test(arguments: bothSetups, sizes)
    func aVideoIsServedWholeWithItsTypeAndRangesAdvertised(setup: TestingSetup, size: Int) async throws {
        let site = try Self.site(size: size)
        defer { site.remove() }
        try await site.app().test(setup) { client in
            let whole = try await client.execute(uri: Self.name, method: .get)
            #expect(whole.status == .ok && whole.headers[.contentType] == "video/mp4")
            #expect(whole.headers[.acceptRanges] == "bytes" && whole.headers[.contentLength] == "\(size)")
            #expect(Array(buffer: whole.body) == Self.bytes(size))
            let head = try await client.execute(uri: Self.name, method: .head)
            #expect(head.status == .ok && head.headers[.contentType] == "video/mp4" && head.headers[.contentLength] == "\(size)")
            #expect(head.headers[.acceptRanges] == "bytes" && head.body.readableBytes == 0)
        }
    }

    /// What Chromium sends when it starts (`bytes=0-`) and seeks (`bytes=N-`), a closed range,
    /// and the tail (`bytes=-500`: the last 500 bytes; Hummingbird alone sent the first 501).
    @Test(arguments: bothSetups, sizes)
    func rangesAreAnsweredWithTheirPart(setup: TestingSetup, size: Int) async throws {
        let site = try Self.site(size: size)
        defer { site.remove() }
        let bytes = Self.bytes(size)
        let cases: [(String, ClosedRange<Int>)] = [
            ("bytes=0-", 0...(size - 1)), ("bytes=100-", 100...(size - 1)), ("bytes=100-199", 100...199),
            ("bytes=-500", (size - 500)...(size - 1)), ("bytes=\(size - 10)-\(size + 1000)", (size - 10)...(size - 1)),
        ]
        try await site.app().test(setup) { client in
            for (header, range) in cases {
                let part = try await client.execute(uri: Self.name, method: .get, headers: [.range: header])
                #expect(part.status == .partialContent, "\(header)")
                #expect(part.headers[.contentRange] == "bytes \(range.lowerBound)-\(range.upperBound)/\(size)", "\(header)")
                #expect(part.headers[.contentLength] == "\(range.count)" && part.headers[.contentType] == "video/mp4", "\(header)")
                #expect(Array(buffer: part.body) == Array(bytes[range]), "\(header)")
            }
        }
    }

    @Test(arguments: bothSetups)
    func aRangePastTheEndIs416WithTheSize(setup: TestingSetup) async throws {
        let site = try Self.site(size: 5000)
        defer { site.remove() }
        try await site.app().test(setup) { client in
            for header in ["bytes=5000-", "bytes=6000-7000", "bytes=-0"] {
                let response = try await client.execute(uri: Self.name, method: .get, headers: [.range: header])
                #expect(response.status == .rangeNotSatisfiable, "\(header)")
                #expect(response.headers[.contentRange] == "bytes */5000" && response.hasSafetyHeaders, "\(header)")
            }
        }
    }

    /// Range is for GET: a HEAD describes the whole file; several ranges are answered whole;
    /// an If-Range for another version of the file gets the whole of this one.
    @Test func headSeveralRangesAndAStaleIfRangeGetTheWholeFile() async throws {
        let site = try Self.site(size: 5000)
        defer { site.remove() }
        try await site.app().test(.router) { client in
            let head = try await client.execute(uri: Self.name, method: .head, headers: [.range: "bytes=0-9"])
            #expect(head.status == .ok && head.headers[.contentLength] == "5000" && head.headers[.contentRange] == nil)
            let several = try await client.execute(uri: Self.name, method: .get, headers: [.range: "bytes=0-9,20-29"])
            #expect(several.status == .ok && several.body.readableBytes == 5000)
            let stale = try await client.execute(uri: Self.name, method: .get, headers: [.range: "bytes=0-9", .ifRange: "W/\"old\""])
            #expect(stale.status == .ok && stale.body.readableBytes == 5000)
            let etag = try #require(head.headers[.eTag])
            let current = try await client.execute(uri: Self.name, method: .get, headers: [.range: "bytes=0-9", .ifRange: etag])
            #expect(current.status == .partialContent && Array(buffer: current.body) == Array(Self.bytes(5000)[0...9]))
            // Conditions come before Range: an unchanged file is 304, whatever the range.
            let unchanged = try await client.execute(uri: Self.name, method: .get, headers: [.range: "bytes=9000-", .ifNoneMatch: etag])
            #expect(unchanged.status == .notModified)
        }
    }

    @Test func webmIsServedAsWebM() async throws {
        let site = try PreviewSite()
        defer { site.remove() }
        try Data(Self.bytes(100)).write(to: URL(fileURLWithPath: site.site + "/images/clip.webm"))
        try await site.app().test(.router) { client in
            let response = try await client.execute(uri: "/images/clip.webm", method: .get, headers: [.range: "bytes=-10"])
            #expect(response.status == .partialContent && response.headers[.contentType] == "video/webm")
            #expect(Array(buffer: response.body) == Array(Self.bytes(100)[90...99]))
        }
    }
}
