import Foundation

/// Reads ffprobe's JSON (`-print_format json -show_format -show_streams`) into a `VideoProbe`.
///
/// The bytes come from a program run on an untrusted file, so the reader is bounded: input over
/// `maxBytes`, nesting deeper than `maxDepth`, more than `maxStreams` streams or `maxTags` tags
/// are refused or cut, and no value of the wrong type traps (it reads as absent).
public enum FFprobeReport {
    public static let maxBytes = 4 << 20
    public static let maxDepth = 32
    public static let maxStreams = 64
    public static let maxTags = 256
    /// Longer tag values are cut to this many characters (a title or a caption, not a book).
    public static let maxTagLength = 4096

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
        public var description: String { "ffprobe's report could not be read: \(reason)" }
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> VideoProbe {
        guard bytes.count <= maxBytes else { throw ParseError("it is \(bytes.count) bytes, over the \(maxBytes) galgen reads") }
        guard let depth = JSONDepth.maximum(of: bytes, limit: maxDepth) else {
            throw ParseError("it nests deeper than \(maxDepth) levels")
        }
        guard depth > 0, let object = try? JSONSerialization.jsonObject(with: Data(bytes)),
              let root = object as? [String: Any]
        else { throw ParseError("it is not a JSON object") }
        return probe(of: root)
    }

    static func probe(of root: [String: Any]) -> VideoProbe {
        let format = root["format"] as? [String: Any] ?? [:]
        let streamObjects = (root["streams"] as? [Any] ?? []).prefix(maxStreams).compactMap { $0 as? [String: Any] }
        let streams = streamObjects.map(stream)
        let firstVideo = streamObjects.first { ($0["codec_type"] as? String) == "video" }
        let videoDuration = firstVideo.flatMap { number($0["duration"]) }
        return VideoProbe(duration: number(format["duration"]) ?? videoDuration, formatName: text(format["format_name"]),
                          streams: streams, tags: tags(format["tags"]),
                          streamCreationTime: firstVideo.flatMap { tags($0["tags"])["creation_time"] })
    }

    static func stream(_ object: [String: Any]) -> VideoProbe.Stream {
        let sideData = (object["side_data_list"] as? [Any] ?? []).prefix(maxTags).compactMap { $0 as? [String: Any] }
        let matrix = sideData.first { text($0["side_data_type"]) == "Display Matrix" }
        let rotation = matrix.flatMap { integer($0["rotation"]) } ?? tags(object["tags"])["rotate"].flatMap { integer($0) } ?? 0
        let dolby = sideData.first { text($0["side_data_type"]) == "DOVI configuration record" }
        let disposition = object["disposition"] as? [String: Any] ?? [:]
        let codec = text(object["codec_name"]).flatMap { $0 == "none" || $0 == "unknown" ? nil : $0 }
        return VideoProbe.Stream(
            type: text(object["codec_type"]) ?? "unknown", codec: codec,
            codecTag: text(object["codec_tag_string"]).map { String($0.prefix(32)) },
            width: integer(object["width"]).flatMap { $0 > 0 ? $0 : nil },
            height: integer(object["height"]).flatMap { $0 > 0 ? $0 : nil },
            rotation: rotation % 360, frameRate: rate(object["avg_frame_rate"]) ?? rate(object["r_frame_rate"]),
            colorTransfer: text(object["color_transfer"]), colorSpace: text(object["color_space"]),
            dolbyVisionHLG: dolby.flatMap { integer($0["dv_bl_signal_compatibility_id"]) } == 4,
            isAttachedPicture: integer(disposition["attached_pic"]) == 1,
            profile: text(object["profile"]).map { String($0.prefix(64)) }, pixelFormat: text(object["pix_fmt"]).map { String($0.prefix(64)) },
            frames: integer(object["nb_frames"]).flatMap { $0 >= 0 ? $0 : nil })
    }

    /// Tags with their keys lowercased (Matroska writes `TITLE`), the first of a repeated key kept.
    static func tags(_ value: Any?) -> [String: String] {
        guard let object = value as? [String: Any] else { return [:] }
        var tags: [String: String] = [:]
        for key in object.keys.sorted().prefix(maxTags) {
            guard let value = text(object[key]) else { continue }
            let name = key.lowercased()
            if tags[name] == nil { tags[name] = String(value.prefix(maxTagLength)) }
        }
        return tags
    }

    static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }

    /// A finite number, written as a number or as text ("1.000000"): ffprobe writes both.
    static func number(_ value: Any?) -> Double? {
        let result: Double? = switch value {
        case let string as String: Double(string.prefix(64))
        // (On Linux a JSON 1 also casts to Bool, so booleans are not told apart: true reads as 1.)
        case let number as NSNumber: number.doubleValue
        default: nil
        }
        guard let result, result.isFinite else { return nil }
        return result
    }

    static func integer(_ value: Any?) -> Int? {
        guard let number = number(value), abs(number) < 1e9 else { return nil }
        return Int(number.rounded())
    }

    /// "30000/1001" → 29.97; nil for "0/0" or anything not a positive rate.
    static func rate(_ value: Any?) -> Double? {
        guard let string = text(value) else { return nil }
        let parts = string.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let top = Double(parts[0].prefix(32)), let bottom = Double(parts[1].prefix(32)), bottom > 0
        else { return nil }
        let rate = top / bottom
        return rate.isFinite && rate > 0 && rate < 10_000 ? rate : nil
    }
}

/// How deeply a JSON text nests, found by one pass over its bytes (strings skipped), so a hostile
/// report cannot make the JSON parser recurse without end.
enum JSONDepth {
    /// The deepest nesting, or nil once it passes `limit`.
    static func maximum(of bytes: [UInt8], limit: Int) -> Int? {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if depth > limit { return nil }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
