import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// build-report.json is written a block of photos at a time (issue 25), in the very bytes the
/// encoder made of the whole report.
struct BuildRecordJSONTests {
    static func record(images count: Int) -> BuildRecord {
        let images = (0..<count).map { index in
            BuildRecord.Image(
                source: "photos/a\(index).jpg", location: "gallery.yml:\(index + 3):5", digest: index == 1 ? nil : "ab\(index)",
                reused: index % 2 == 0, milliseconds: index * 7,
                outputs: index == 2 ? [] : [BuildRecord.Output(path: "images/a\(index)-400.ff.jpg", width: 400, height: 300, bytes: 1234)],
                warnings: index == 0 ? ["a \"quoted\"\nline"] : [], error: index == 1 ? "cannot read it" : nil)
        }
        let totals = BuildRecord.Totals(images: count, reused: 1, failed: 1, outputFiles: 9, outputBytes: 99, siteChanged: true,
                                        milliseconds: 12)
        return BuildRecord(generator: "galgen 0.1.0", images: images, totals: totals)
    }

    /// Up to several rounds of blocks (a block is `photosPerBlock` photos; a round, two per core).
    @Test(arguments: [0, 1, 3, 256, 257, 2_600])
    func piecesMakeTheWholeReport(images: Int) throws {
        let record = Self.record(images: images)
        var pieces: [[UInt8]] = []
        try record.writeJSON { pieces.append($0) }
        #expect(pieces.joined().elementsEqual(try BuildRecord.encoder().encode(record)))
        let blocks = (images + BuildRecord.photosPerBlock - 1) / BuildRecord.photosPerBlock
        #expect(pieces.count == (images == 0 ? 1 : blocks + 2))
        #expect(try JSONDecoder().decode(BuildRecord.self, from: Data(pieces.joined())) == record)
    }
}
