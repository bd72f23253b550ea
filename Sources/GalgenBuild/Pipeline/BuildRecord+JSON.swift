import Foundation
import GalgenCore

extension BuildRecord {
    /// `build-report.json`'s formatting: indented, keys sorted, slashes as they are.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The report as `encoder()` writes it, handed to `write` a photo at a time: the encoder's
    /// tree of a whole report of 100,000 photos, and its bytes, were the peak of a first build
    /// once the site was written an album at a time (issue 25). Each photo by `RecordJSONEncoder`
    /// (a fifth of a merge's time at its end was `JSONEncoder` here), or by `encoder()` when it cannot.
    public func writeJSON(to write: ([UInt8]) throws -> Void) throws {
        let encoder = Self.encoder()
        var skeleton = self
        skeleton.images = []
        let text = Array(try encoder.encode(skeleton))
        // Everything but the photos, with their place: an empty list, indented one level; the
        // photos go between its opening line and its closing "\n  ]".
        let emptyList = Array("\"images\" : [\n\n  ]".utf8)
        guard !images.isEmpty, let start = text.firstRange(of: emptyList)?.lowerBound else { return try write(text) }
        let opened = start + emptyList.count - 4
        try write(Array(text[..<opened]))
        for (index, image) in images.enumerated() {
            var piece = Array((index > 0 ? ",\n" : "").utf8)
            // Two levels in: every line of the photo's object indented by four more spaces, but
            // the blank line of an empty list.
            let start = piece.count
            piece += "    ".utf8
            do {
                try RecordJSONEncoder.encode(image, into: &piece, style: .report, indent: 4)
            } catch {
                // Whatever the fast encoder wrote goes, as in `RecordJSON.append`.
                piece.removeSubrange(start...)
                var lineStart = true
                for byte in try encoder.encode(image) {
                    if lineStart, byte != UInt8(ascii: "\n") { piece += Array("    ".utf8) }
                    piece.append(byte)
                    lineStart = byte == UInt8(ascii: "\n")
                }
            }
            try write(piece)
        }
        try write(Array(text[opened...]))
    }
}
