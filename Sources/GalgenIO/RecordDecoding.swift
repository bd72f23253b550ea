import Foundation
import GalgenCore

/// A record file read back, the inverse of `RecordEncoding`: a table (`{"value":{"key":entry,…},
/// "version":N}`) is decoded an entry at a time into a dictionary made at its final size.
///
/// `JSONDecoder` decoding the whole file first builds a map of every token in it, about four
/// times the file's size: reading the renditions of 100,000 photos (a merge of shards, a first
/// build over a kept cache) peaked at 440 MB for that map alone, on top of the file and the
/// dictionary (grown by doubling, so twice over while it grew).
enum RecordDecoding {
    /// The value and the file's version; nil when the bytes are not a record file.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], decoder: JSONDecoder) -> (value: Value, version: Int)? {
        decodeSpanned(type, from: bytes, decoder: decoder).map { ($0.value, $0.version) }
    }

    /// `decode`, and for a table where each entry's value lies in `bytes` (`RecordSplice`).
    static func decodeSpanned<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], decoder: JSONDecoder)
        -> (value: Value, version: Int, spans: [String: Range<Int>]?)? {
        if let table = Value.self as? any RecordTableDecoding.Type,
           let (value, version, spans) = table.decodeTable(bytes, decoder: decoder), let value = value as? Value {
            return (value, version, spans)
        }
        return (try? decoder.decode(Whole<Value>.self, from: Data(bytes))).map { ($0.value, $0.version, nil) }
    }

    /// Where each entry's key (quotes included) and value lie in a table's file, and its version;
    /// nil when the bytes are not laid out as `RecordEncoding` writes a table.
    static func entries(of bytes: [UInt8]) -> (entries: [(key: Range<Int>, value: Range<Int>)], version: Int)? {
        var scanner = JSONScan(bytes)
        guard scanner.skip(#"{"value":{"#) else { return nil }
        var entries: [(key: Range<Int>, value: Range<Int>)] = []
        while !scanner.skip("}") {
            guard entries.isEmpty || scanner.skip(","), let key = scanner.string(), scanner.skip(":"), let value = scanner.value()
            else { return nil }
            entries.append((key, value))
        }
        guard scanner.skip(#","version":"#), let version = scanner.integer(), scanner.skip("}"), scanner.atEnd else { return nil }
        return (entries, version)
    }

    private struct Whole<Value: Decodable>: Decodable {
        var value: Value
        var version: Int
    }
}

/// A dictionary that can read itself from a record file an entry at a time.
protocol RecordTableDecoding {
    /// nil when the bytes are not laid out as `RecordEncoding` writes a table (the whole file is
    /// then decoded at once) or an entry does not decode.
    static func decodeTable(_ bytes: [UInt8], decoder: JSONDecoder) -> (value: Self, version: Int, spans: [String: Range<Int>])?
}

extension Dictionary: RecordTableDecoding where Key == String, Value: Decodable {
    static func decodeTable(_ bytes: [UInt8], decoder: JSONDecoder) -> (value: Self, version: Int, spans: [String: Range<Int>])? {
        guard let (entries, version) = RecordDecoding.entries(of: bytes) else { return nil }
        let scanner = JSONScan(bytes)
        var table = Self(minimumCapacity: entries.count)
        var spans = [String: Range<Int>](minimumCapacity: entries.count)
        let reader = RecordJSONDecoder(bytes, userInfo: decoder.userInfo)
        for entry in entries {
            guard let key = scanner.text(of: entry.key, decoder: decoder),
                  let value = try? RecordJSON.decode(Value.self, at: entry.value, with: reader, fallback: decoder) else { return nil }
            table[key] = value
            spans[key] = entry.value
        }
        return (table, version, spans)
    }
}

/// Finds where JSON values start and end, without decoding them.
struct JSONScan {
    let bytes: [UInt8]
    private(set) var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { at == bytes.count }

    /// Moves past `literal` when the bytes continue with it.
    mutating func skip(_ literal: String) -> Bool {
        let literal = Array(literal.utf8)
        guard bytes.count - at >= literal.count, bytes[at..<(at + literal.count)].elementsEqual(literal) else { return false }
        at += literal.count
        return true
    }

    /// A string's bytes, its quotes included.
    mutating func string() -> Range<Int>? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        let start = at
        at += 1
        while at < bytes.count {
            switch bytes[at] {
            case UInt8(ascii: "\\"): at += 2
            case UInt8(ascii: "\""):
                at += 1
                return start..<at
            default: at += 1
            }
        }
        return nil
    }

    /// Any value's bytes: a string, an object or an array (strings inside them skipped whole),
    /// or a number, `true`, `false` or `null`.
    mutating func value() -> Range<Int>? {
        guard at < bytes.count else { return nil }
        let start = at
        switch bytes[at] {
        case UInt8(ascii: "\""):
            return string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return nil }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        at += 1
                        return start..<at
                    }
                default: break
                }
                at += 1
            }
            return nil
        default:
            while at < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[at]) { at += 1 }
            return at > start ? start..<at : nil
        }
    }

    mutating func integer() -> Int? {
        let start = at
        while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) { at += 1 }
        return Int(String(decoding: bytes[start..<at], as: UTF8.self))
    }

    /// The text of the string at `range` (quotes included): its bytes, or decoded by `decoder`
    /// when it holds an escape (`\/`, `\u00e9`).
    func text(of range: Range<Int>, decoder: JSONDecoder) -> String? {
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        return try? decoder.decode([String].self, from: Data([UInt8(ascii: "[")] + bytes[range] + [UInt8(ascii: "]")])).first
    }
}
