import Foundation
import GalgenCore

extension BuildRecord {
    /// `build-report.json`'s formatting: indented, keys sorted, slashes as they are.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The report as `encoder()` writes it, handed to `write` a block of photos at a time: the encoder's
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
        // Blocks of photos encoded on every core, a few blocks at a time, written in order.
        let images = images
        try writeInBlocks(count: images.count, perBlock: Self.photosPerBlock, encode: { range in
            var piece: [UInt8] = []
            for index in range { try Self.append(images[index], first: index == 0, to: &piece) }
            return piece
        }, write: write)
        try write(Array(text[opened...]))
    }

    /// Photos encoded together on one thread.
    static var photosPerBlock: Int { 256 }

    /// One photo of the list, after a comma unless it is the first: every line of its object
    /// indented by four more spaces (two levels in), but the blank line of an empty list.
    private static func append(_ image: Image, first: Bool, to piece: inout [UInt8]) throws {
        if !first { piece += ",\n".utf8 }
        let start = piece.count
        piece += "    ".utf8
        do {
            try RecordJSONEncoder.encode(image, into: &piece, style: .report, indent: 4)
        } catch {
            // Whatever the fast encoder wrote goes, as in `RecordJSON.append`.
            piece.removeSubrange(start...)
            var lineStart = true
            for byte in try encoder().encode(image) {
                if lineStart, byte != UInt8(ascii: "\n") { piece += Array("    ".utf8) }
                piece.append(byte)
                lineStart = byte == UInt8(ascii: "\n")
            }
        }
    }
}
