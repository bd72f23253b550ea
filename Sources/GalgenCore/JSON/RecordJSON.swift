import Foundation

/// The cache's records to and from JSON: `RecordJSONEncoder` and `RecordJSONDecoder` where they
/// can, `JSONEncoder` and `JSONDecoder` where they cannot, with the same bytes and values either way.
///
/// Hand-written, not a package: none of the JSON packages that make Codable fast (IkigaJSON,
/// ZippyJSON) is in the package mirror, and Foundation's coders cost a merge of 10,000 photos
/// a fifth of its CPU time (issue 42).
package enum RecordJSON {
    /// A value or a text the fast coders leave to Foundation's.
    package struct Unsupported: Error {}

    /// The types `JSONEncoder` and `JSONDecoder` write and read in a way of their own rather than
    /// through their `Codable` conformance.
    static func isSpecial<Value>(_ type: Value.Type) -> Bool {
        let type = ObjectIdentifier(type)
        return type == ObjectIdentifier(Date.self) || type == ObjectIdentifier(Data.self) || type == ObjectIdentifier(URL.self)
            || type == ObjectIdentifier(Decimal.self)
    }

    /// `value`'s JSON appended to `bytes`: what `encoder` (sorted keys, no other formatting)
    /// writes, which writes it when the fast encoder cannot.
    package static func append<Value: Encodable>(_ value: Value, to bytes: inout [UInt8], fallback encoder: JSONEncoder) throws {
        let start = bytes.count
        do {
            try RecordJSONEncoder.encode(value, into: &bytes)
        } catch {
            bytes.removeSubrange(start...)
            bytes += try encoder.encode(value)
        }
    }

    /// The value at `range` of `decoder`'s bytes, or `JSONDecoder`'s reading (and error) of them.
    package static func decode<Value: Decodable>(_ type: Value.Type, at range: Range<Int>, with decoder: RecordJSONDecoder,
                                         fallback: JSONDecoder) throws -> Value {
        do {
            return try decoder.decode(Value.self, at: range)
        } catch {
            return try fallback.decode(Value.self, from: Data(decoder.tape.bytes[range]))
        }
    }
}
