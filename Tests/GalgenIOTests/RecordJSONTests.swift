import Foundation
import Testing
@testable import GalgenCore
@testable import GalgenIO

/// The records' own JSON coders (`RecordJSON`) write the bytes `JSONEncoder` with sorted keys
/// writes and read what `JSONDecoder` reads, and leave to them whatever they do not do alike.
struct RecordJSONTests {
    static func foundation<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(value))
    }

    static func fast<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try RecordJSONEncoder.encode(value, into: &bytes)
        return bytes
    }

    static func read<Value: Decodable>(_ type: Value.Type, _ bytes: [UInt8], userInfo: [CodingUserInfoKey: Any] = [:]) throws -> Value {
        try RecordJSONDecoder(bytes, userInfo: userInfo).decode(type, at: 0..<bytes.count)
    }

    /// Every shape a record holds: nesting, optionals, enums with and without payloads, ranges,
    /// dictionaries, every integer width, and the numbers and text `JSONEncoder` writes its own way.
    struct KitchenSink: Codable, Equatable {
        enum Kind: String, Codable { case photo, video }
        enum Payload: Codable, Equatable { case none, found(String), span(Int, label: String) }
        struct Inner: Codable, Equatable { var z: Int; var a: String?; var m: [String: [Double]] }
        var zeta: Int = -7
        var alpha: String = "a \"quoted\" / slashed \\ {x} [y] \n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f} é € 😀 \u{2028} </script>"
        var mid: Kind = .video
        var none: Int? = nil
        var some: Double? = 0.1
        var doubles: [Double] = [0, -0.0, 1, 1.5, 0.1, 1e20, 1e21, 1e22, 1e-7, 123456789012345680, 5e-324,
                                 1.7976931348623157e308, 100, 2.5e-5, 1e16, 1e15, -45.1234567, 51.500729, -0.1276]
        var floats: [Float] = [0.1, 1, 1e20, 3.3, 16777216]
        var integers: [Int64] = [Int64.min, Int64.max, 0]
        var unsigned: [UInt64] = [UInt64.max]
        var small: [UInt8] = [0, 255]
        var widths: [Int32] = [Int32.min]
        var flags: [Bool] = [true, false]
        var payloads: [Payload] = [.none, .found("GPS \"IFD\""), .span(3, label: "x")]
        var range: Range<Int> = 100..<900
        var inner: [Inner] = [Inner(z: 1, a: nil, m: ["b": [1, 2.5], "a": [], "B": [-1e-3], "é": [3]])]
        var nested: [[String?]] = [["x", nil], []]
        var empty: [String: Int] = [:]
        var keyedByInt: [Int: String] = [10: "ten", 2: "two"]
    }

    @Test func itWritesTheBytesJSONEncoderWrites() throws {
        let sink = KitchenSink()
        #expect(try Self.fast(sink) == Self.foundation(sink))
        #expect(try Self.fast("plain") == Self.foundation("plain"))
        #expect(try Self.fast([String: Int]()) == Self.foundation([String: Int]()))
        #expect(try Self.fast(Self.photo) == Self.foundation(Self.photo))
        #expect(try Self.fast(Self.video) == Self.foundation(Self.video))
    }

    /// `build-report.json`'s style: indented, `"key" : value`, empty lists and objects on three
    /// lines, slashes as they are.
    @Test func itWritesTheReportsStyleAsJSONEncoderDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        try RecordJSONEncoder.encode(KitchenSink(), into: &bytes, style: .report)
        #expect(bytes == Array(try encoder.encode(KitchenSink())))
        bytes = []
        try RecordJSONEncoder.encode(Self.photo, into: &bytes, style: .report)
        #expect(bytes == Array(try encoder.encode(Self.photo)))
        bytes = []
        try RecordJSONEncoder.encode([[String: [Int]]](), into: &bytes, style: .report)
        #expect(bytes == Array(try encoder.encode([[String: [Int]]]())))
    }

    /// A value that writes one key twice keeps the last, as `JSONEncoder` does; one that writes
    /// nothing is `{}`.
    @Test func repeatedKeysAndEmptyValuesAreWrittenAsJSONEncoderWritesThem() throws {
        struct Twice: Encodable {
            enum CodingKeys: CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var values = encoder.container(keyedBy: CodingKeys.self)
                try values.encode(1, forKey: .a)
                try values.encodeNil(forKey: .b)
                try values.encode(2, forKey: .a)
            }
        }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(try Self.fast(Twice()) == Self.foundation(Twice()))
        #expect(try Self.fast([Nothing()]) == Self.foundation([Nothing()]))
    }

    @Test func itReadsWhatItWrites() throws {
        let sink = KitchenSink()
        #expect(try Self.read(KitchenSink.self, Self.fast(sink)) == sink)
        let locator = [RenditionLocator.key: RenditionLocator { digest, format in "/store/\(digest).\(format)" }]
        for image in [Self.photo, Self.video] {
            let bytes = try Self.fast(image)
            let read = try Self.read(RenderedImage.self, bytes, userInfo: locator)
            let decoder = JSONDecoder()
            decoder.userInfo = locator
            #expect(read == (try decoder.decode(RenderedImage.self, from: Data(bytes))))
            #expect(try Self.fast(read) == bytes)
        }
    }

    /// JSON as anyone may write it: spaces, escapes, `1.0` for a whole number, a key written twice
    /// (the first counts, as with `JSONDecoder`).
    @Test func itReadsOtherSpellingsAsJSONDecoderDoes() throws {
        struct Entry: Codable, Equatable { var width: Int; var name: String; var ratio: Double? }
        for text in [#" { "width" : 1.0 , "name" : "caf\u00e9 \ud83d\ude00 \/ \"" } "#,
                     #"{"width":1e2,"name":"","ratio":null}"#, #"{"name":"a","width":-0,"ratio":-1.5E-3,"width":5}"#] {
            let bytes = Array(text.utf8)
            #expect(try Self.read(Entry.self, bytes) == JSONDecoder().decode(Entry.self, from: Data(bytes)), "\(text)")
        }
    }

    /// Text that is not strictly JSON, a value of the wrong type, a missing key: the fast decoder
    /// gives up, and what counts is `JSONDecoder`'s answer (`RecordJSON.decode`).
    @Test(arguments: [#"{"width":01,"name":"a"}"#, #"{"width":1,"name":"a",}"#, #"{"width":1,"name":"a"} x"#, #"{"width":1,"name":"a"#,
                      #"{"width":"1","name":"a"}"#, #"{"name":"a"}"#, #"{"width":1.5,"name":"a"}"#, #"{"width":1,"name":"\ud800"}"#,
                      "{\"width\":1,\"name\":\"\u{1}\"}", #"{"width":99999999999999999999,"name":"a"}"#, #"[1]"#, ""])
    func whatItCannotReadJSONDecoderDecides(_ text: String) throws {
        struct Entry: Codable, Equatable { var width: Int; var name: String }
        let bytes = Array(text.utf8)
        #expect(throws: (any Error).self) { try Self.read(Entry.self, bytes) }
        let reader = RecordJSONDecoder(bytes)
        let fallback = try? RecordJSON.decode(Entry.self, at: 0..<bytes.count, with: reader, fallback: JSONDecoder())
        #expect(fallback == (try? JSONDecoder().decode(Entry.self, from: Data(bytes))))
    }

    /// `Date`, `Data` and `URL` are written and read by Foundation's coders, whole.
    @Test func foundationsOwnTypesAreLeftToFoundation() throws {
        struct Stamped: Codable, Equatable { var at: Date; var bytes: Data; var link: URL }
        let value = Stamped(at: Date(timeIntervalSinceReferenceDate: 12.5), bytes: Data([1, 2, 3]), link: URL(string: "https://a.b/c")!)
        #expect(throws: RecordJSON.Unsupported.self) { try Self.fast(value) }
        var bytes: [UInt8] = Array("x".utf8)
        try RecordJSON.append(value, to: &bytes, fallback: { let e = JSONEncoder(); e.outputFormatting = [.sortedKeys]; return e }())
        #expect(bytes == Array("x".utf8) + (try Self.foundation(value)))
        let reader = RecordJSONDecoder(bytes)
        #expect(try RecordJSON.decode(Stamped.self, at: 1..<bytes.count, with: reader, fallback: JSONDecoder()) == value)
    }

    /// A photo's record with every field a record has.
    static var photo: RenderedImage {
        var facts = PhotoFacts()
        facts.takenAt = "2024:05:01 10:11:12"
        facts.make = "Canon"
        facts.model = "EOS \"R5\""
        facts.exposureTime = .init(1, 250)
        facts.fNumber = 2.8
        facts.iso = 400
        facts.focalLength = 35.5
        facts.focalLength35mm = 50
        facts.lensModel = "RF 35/1.8"
        facts.exposureBias = -0.3333333333333333
        facts.flashFired = false
        facts.offsetTimeOriginal = "+02:00"
        var metadata = PhotoMetadata(captured: CaptureTime(milliseconds: 1_714_550_000_123, hasOffset: true),
                                     words: EmbeddedWords(title: "Été", caption: "a/b \\ c", alt: nil, tags: ["x", "y"], people: ["Ann"]))
        metadata.rights = EmbeddedRights(creator: "Ann", copyright: "© 2024", webStatement: "https://example.org/l?a=1&b=2")
        let jpeg = Rendition(width: 400, height: 300, digest: "abc", byteCount: 1234, content: .stored(path: "/x"), format: .jpeg)
        let avif = Rendition(width: 400, height: 300, digest: "def", byteCount: 999, content: .stored(path: "/y"), format: .avif)
        var image = RenderedImage(width: 4000, height: 3000, renditions: [jpeg], alternates: [RenditionsOfFormat(format: .avif, renditions: [avif])],
                                  warnings: ["truncated \"file\""], placeholder: "data:image/bmp;base64,Qk0=", facts: facts, metadata: metadata,
                                  location: .found("GPS IFD"), sourceFormat: .jpeg)
        image.coordinates = GeoCoordinates(latitude: 51.500729, longitude: -0.124625)
        image.rightsWritten = RightsSettings(creator: "Ann", copyright: "© 2024", license: "CC BY 4.0")
        image.media = .photo(embeddedMotion: 100..<900)
        return image
    }

    static var video: RenderedImage {
        var image = RenderedImage(width: 640, height: 360, renditions: [], location: .unreadable("moov"), sourceFormat: .mp4)
        image.media = .video(VideoDetails(duration: 2.002, width: 640, height: 360, codec: "h264", hasAudio: true))
        return image
    }
}
