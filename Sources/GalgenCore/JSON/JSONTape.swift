import Foundation

/// A JSON text's values, found in one strict pass and laid out flat (a "tape"): each value is a
/// token with where its bytes are and, for an object or an array, its children right after it
/// (an object's as key, value, key, value) and the index past its last descendant. Nothing is
/// decoded yet: `RecordJSONDecoder` reads a token when a value asks for it.
///
/// Anything not strictly JSON (RFC 8259: no leading zeros, no trailing commas, no raw control
/// characters in strings) or nested deeper than `depthLimit` throws `RecordJSON.Unsupported`.
struct JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, yes, no, null
    }

    struct Token {
        var kind: Kind
        /// A string's bytes without its quotes, a number's or a literal's bytes; for an object or
        /// an array, from its opening bracket to past its closing one.
        var start: Int32
        var end: Int32
        /// The index of the token after this value and all it holds.
        var next: Int32
        /// Children (an object's keys and values both) or, for a string, whether it holds a `\`.
        var count: Int32
    }

    let bytes: [UInt8]
    private(set) var tokens: [Token] = []

    static let depthLimit = 256

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value at `range` of the bytes (surrounded by nothing but spaces), its tokens from index 0.
    mutating func parse(_ range: Range<Int>) throws {
        tokens.removeAll(keepingCapacity: true)
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, bytes.count < Int32.max else { throw RecordJSON.Unsupported() }
        var at = range.lowerBound
        try bytes.withUnsafeBufferPointer { whole in
            let buffer = UnsafeBufferPointer(rebasing: whole[..<range.upperBound])
            try parse(buffer, &at, depth: 0)
            skipSpace(buffer, &at)
            guard at == buffer.count else { throw RecordJSON.Unsupported() }
        }
    }

    /// A string token's text, its escapes undone; invalid UTF-8 or a lone surrogate throws.
    func text(of token: Token) throws -> String {
        try bytes.withUnsafeBufferPointer { whole in
            let inner = UnsafeBufferPointer(rebasing: whole[Int(token.start)..<Int(token.end)])
            guard token.count != 0 else {
                guard let text = String(validating: inner, as: UTF8.self) else { throw RecordJSON.Unsupported() }
                return text
            }
            guard let text = String(validating: try Self.unescaped(inner), as: UTF8.self) else { throw RecordJSON.Unsupported() }
            return text
        }
    }

    /// Whether the key token at `index` is the name `wanted` (as UTF-8).
    func key(at index: Int, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[index]
        guard token.count == 0 else { return (try? text(of: token))?.utf8.elementsEqual(wanted) ?? false }
        let length = Int(token.end - token.start)
        guard length == wanted.count else { return false }
        return length == 0 || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + Int(token.start), wanted.baseAddress!, length) == 0 }
    }

    private static func unescaped(_ inner: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(inner.count)
        var at = 0
        func hex4() throws -> UInt32 {
            guard inner.count - at >= 4 else { throw RecordJSON.Unsupported() }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = UInt32(String(UnicodeScalar(inner[at])), radix: 16) else { throw RecordJSON.Unsupported() }
                value = value << 4 | digit
                at += 1
            }
            return value
        }
        while at < inner.count {
            let byte = inner[at]
            at += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            guard at < inner.count else { throw RecordJSON.Unsupported() }
            let escape = inner[at]
            at += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard inner.count - at >= 6, inner[at] == UInt8(ascii: "\\"), inner[at + 1] == UInt8(ascii: "u") else { throw RecordJSON.Unsupported() }
                    at += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw RecordJSON.Unsupported() }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw RecordJSON.Unsupported() }
                out += String(Character(scalar)).utf8
            default:
                throw RecordJSON.Unsupported()
            }
        }
        return out
    }

    private func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) {
        while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int, depth: Int) throws {
        skipSpace(bytes, &at)
        guard at < bytes.count, depth < Self.depthLimit else { throw RecordJSON.Unsupported() }
        switch bytes[at] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[at] == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let index = tokens.count
            tokens.append(Token(kind: isObject ? .object : .array, start: Int32(at), end: 0, next: 0, count: 0))
            at += 1
            skipSpace(bytes, &at)
            var count: Int32 = 0
            if at < bytes.count, bytes[at] == close {
                at += 1
            } else {
                while true {
                    if isObject {
                        skipSpace(bytes, &at)
                        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw RecordJSON.Unsupported() }
                        try parse(bytes, &at, depth: depth + 1)
                        skipSpace(bytes, &at)
                        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw RecordJSON.Unsupported() }
                        at += 1
                        count += 1
                    }
                    try parse(bytes, &at, depth: depth + 1)
                    count += 1
                    skipSpace(bytes, &at)
                    guard at < bytes.count else { throw RecordJSON.Unsupported() }
                    if bytes[at] == close {
                        at += 1
                        break
                    }
                    guard bytes[at] == UInt8(ascii: ",") else { throw RecordJSON.Unsupported() }
                    at += 1
                }
            }
            tokens[index].end = Int32(at)
            tokens[index].count = count
            tokens[index].next = Int32(tokens.count)
        case UInt8(ascii: "\""):
            at += 1
            let start = at
            var escaped: Int32 = 0
            while true {
                guard at < bytes.count else { throw RecordJSON.Unsupported() }
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") { break }
                guard byte >= 0x20 else { throw RecordJSON.Unsupported() }
                if byte == UInt8(ascii: "\\") {
                    escaped = 1
                    at += 2
                } else {
                    at += 1
                }
            }
            tokens.append(Token(kind: .string, start: Int32(start), end: Int32(at), next: Int32(tokens.count + 1), count: escaped))
            at += 1
        case UInt8(ascii: "t"): try literal("true", .yes, bytes, &at)
        case UInt8(ascii: "f"): try literal("false", .no, bytes, &at)
        case UInt8(ascii: "n"): try literal("null", .null, bytes, &at)
        default:
            let start = at
            try number(bytes, &at)
            tokens.append(Token(kind: .number, start: Int32(start), end: Int32(at), next: Int32(tokens.count + 1), count: 0))
        }
    }

    private mutating func literal(_ text: StaticString, _ kind: Kind, _ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) throws {
        let count = text.utf8CodeUnitCount
        guard bytes.count - at >= count, memcmp(bytes.baseAddress! + at, text.utf8Start, count) == 0 else { throw RecordJSON.Unsupported() }
        tokens.append(Token(kind: kind, start: Int32(at), end: Int32(at + count), next: Int32(tokens.count + 1), count: 0))
        at += count
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private func number(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) throws {
        func digits() -> Int {
            let start = at
            while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
            return at - start
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        let first = at
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[first] != UInt8(ascii: "0") else { throw RecordJSON.Unsupported() }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw RecordJSON.Unsupported() }
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw RecordJSON.Unsupported() }
        }
    }
}
