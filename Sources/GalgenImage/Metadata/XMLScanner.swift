/// One piece of an XML document, as `XMLScanner` finds it.
enum XMLToken: Equatable {
    /// A start tag (`<a x="1">`), or an empty-element tag (`<a x="1"/>`) when `selfClosing`.
    case start(name: String, attributes: [XMLAttribute], selfClosing: Bool)
    case end(name: String)
    /// Character data between tags, entities decoded; a CDATA section as written.
    case text(String)
}

struct XMLAttribute: Equatable {
    var name: String
    /// Entities decoded.
    var value: String
}

/// A small non-validating XML tokenizer, enough for XMP packets; never a full XML parser.
///
/// Comments, processing instructions (`<?xpacket …?>`) and declarations (`<!DOCTYPE …>`, with
/// any internal subset) are skipped, so an entity a document declares is never expanded: only
/// the five predefined entities and character references are decoded. Every step moves forward
/// through the bytes, tokens are counted, and an unterminated construct ends the document, so
/// any input is scanned in linear time.
struct XMLScanner {
    /// Tokens returned at most. An XMP packet has a few hundred; the most a 64 KB JPEG segment can
    /// hold is about 26,000 (`<a/>` and one character, over and over).
    static let maxTokens = 50_000
    /// Attributes kept per tag at most; further ones are scanned and dropped.
    static let maxAttributes = 256

    private let bytes: ArraySlice<UInt8>
    private var position: Int
    private var tokensLeft = Self.maxTokens

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
        // A UTF-8 byte order mark says nothing to a UTF-8 reader.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
    }

    /// The next token; nil at the end of the bytes, at an unterminated construct, or after `maxTokens`.
    mutating func next() -> XMLToken? {
        while position < bytes.endIndex, tokensLeft > 0 {
            guard bytes[position] == UInt8(ascii: "<") else {
                tokensLeft -= 1
                return text()
            }
            if starts(with: Marks.commentOpen) {
                guard skip(past: Marks.commentClose) else { return nil }
            } else if starts(with: Marks.cdataOpen) {
                let start = position + Marks.cdataOpen.count
                guard let end = find(Marks.cdataClose, from: start) else { return nil }
                position = end + Marks.cdataClose.count
                tokensLeft -= 1
                return .text(LegacyText.utf8(bytes[start..<end]))
            } else if starts(with: Marks.instructionOpen) {
                guard skip(past: Marks.instructionClose) else { return nil }
            } else if starts(with: Marks.declarationOpen) {
                guard skipDeclaration() else { return nil }
            } else {
                tokensLeft -= 1
                return tag()
            }
        }
        return nil
    }

    // MARK: - Pieces

    private mutating func text() -> XMLToken {
        let start = position
        position = bytes[start...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.endIndex
        return .text(XMLEntities.decode(bytes[start..<position]))
    }

    /// A start, end or empty-element tag; nil when its `>` never comes.
    private mutating func tag() -> XMLToken? {
        let closing = position + 1 < bytes.endIndex && bytes[position + 1] == UInt8(ascii: "/")
        position += closing ? 2 : 1
        let name = scanName()
        if closing {
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            position = end + 1
            return .end(name: name)
        }
        var attributes: [XMLAttribute] = []
        while position < bytes.endIndex {
            skipWhitespace()
            guard position < bytes.endIndex else { return nil }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return .start(name: name, attributes: attributes, selfClosing: false)
            case UInt8(ascii: "/") where position + 1 < bytes.endIndex && bytes[position + 1] == UInt8(ascii: ">"):
                position += 2
                return .start(name: name, attributes: attributes, selfClosing: true)
            default:
                guard let attribute = scanAttribute() else { return nil }
                if let attribute, attributes.count < Self.maxAttributes { attributes.append(attribute) }
            }
        }
        return nil
    }

    /// One `name="value"` (or a stray byte, skipped: `.some(nil)`); nil when a quoted value never ends.
    private mutating func scanAttribute() -> XMLAttribute?? {
        let name = scanName()
        guard !name.isEmpty else {
            position += 1
            return .some(nil)
        }
        skipWhitespace()
        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "=") else { return .some(nil) }
        position += 1
        skipWhitespace()
        guard position < bytes.endIndex else { return nil }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            // Unquoted (not XML, but harmless): up to whitespace or the tag's end.
            let start = position
            while position < bytes.endIndex, !Self.endsName(bytes[position]) { position += 1 }
            return XMLAttribute(name: name, value: XMLEntities.decode(bytes[start..<position]))
        }
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: quote) else { return nil }
        position = end + 1
        return XMLAttribute(name: name, value: XMLEntities.decode(bytes[start..<end]))
    }

    private mutating func scanName() -> String {
        let start = position
        while position < bytes.endIndex, !Self.endsName(bytes[position]), bytes[position] != UInt8(ascii: "=") {
            position += 1
        }
        return LegacyText.utf8(bytes[start..<position])
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipWhitespace() {
        while position < bytes.endIndex, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// `<!DOCTYPE …>` or another declaration; an internal subset (`[…]`) is skipped whole, unread.
    private mutating func skipDeclaration() -> Bool {
        guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return false }
        if let open = bytes[position..<close].firstIndex(of: UInt8(ascii: "[")) {
            guard let end = find(Marks.subsetClose, from: open) else { return false }
            guard let after = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else { return false }
            position = after + 1
        } else {
            position = close + 1
        }
        return true
    }

    private mutating func skip(past terminator: [UInt8]) -> Bool {
        guard let end = find(terminator, from: position + 2) else { return false }
        position = end + terminator.count
        return true
    }

    private func starts(with prefix: [UInt8]) -> Bool {
        bytes[position...].starts(with: prefix)
    }

    /// Where `needle` next starts, at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.endIndex else { return nil }
        var index = start
        while let candidate = bytes[index...].firstIndex(of: first) {
            if bytes[candidate...].starts(with: needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// The byte sequences that open and close the constructs skipped or read whole.
    private enum Marks {
        static let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
        static let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
        static let instructionOpen = Array("<?".utf8), instructionClose = Array("?>".utf8)
        static let declarationOpen = Array("<!".utf8), subsetClose = Array("]".utf8)
    }
}
