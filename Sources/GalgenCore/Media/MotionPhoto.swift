/// An Android Motion Photo (Google's `GCamera:MotionPhoto`, Samsung's and older Pixels'
/// `GCamera:MicroVideo`): a JPEG whose XMP says an MP4 is appended after the image, and how long
/// it is. Pure and bounded: only the first `searchLength` bytes are searched for the XMP, and the
/// length is believed only when an ISO-BMFF `ftyp` box starts where it says.
public enum MotionPhoto {
    /// The XMP packet sits in an APP1 segment near the start of the file.
    static let searchLength = 256 << 10

    /// The bytes of the appended MP4, as a range of `bytes`; nil for any other photo.
    public static func embeddedVideo(in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        // Almost every photo is not one: its bytes are searched as bytes, and only a Motion
        // Photo's start is made text (a search of 256 kB as Characters took about 1.4 ms, a third
        // of a 320x240 photo's CPU).
        let searched = bytes.prefix(searchLength)
        guard occurs(Markers.motionPhoto, in: searched) || occurs(Markers.microVideo, in: searched) else { return nil }
        let head = String(decoding: searched, as: UTF8.self)
        let length = number(after: "GCamera:MicroVideoOffset", in: head) ?? motionItemLength(in: head)
        guard let length, length > 8, length < bytes.count else { return nil }
        let start = bytes.count - length
        guard bytes[start + 4..<start + 8].elementsEqual("ftyp".utf8) else { return nil }
        return start..<bytes.count
    }

    private enum Markers {
        static let motionPhoto = Array("MotionPhoto".utf8), microVideo = Array("MicroVideo".utf8)
    }

    /// Whether `needle` is somewhere in `bytes`: a plain loop over the buffer (the generic
    /// `firstRange(of:)` that an `ArraySlice<UInt8>` gets from Foundation is as slow as the
    /// Character search it replaced).
    static func occurs(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if UnsafeBufferPointer(rebasing: haystack[start..<start + needle.count]).elementsEqual(needle) { return true }
                }
                return false
            }
        }
    }

    /// In `Container:Directory`, the length of the item whose semantic is `MotionPhoto` (with its padding).
    static func motionItemLength(in text: String) -> Int? {
        guard let item = text.range(of: #"Item:Semantic="MotionPhoto""#) else { return nil }
        // The item's other attributes are within its own element: up to the next `/>` or `>`.
        let before = text[..<item.lowerBound].range(of: "<", options: .backwards).map { $0.lowerBound } ?? item.lowerBound
        let end = text[item.upperBound...].range(of: ">")?.upperBound ?? text.endIndex
        let element = String(text[before..<end])
        guard let length = number(after: "Item:Length", in: element) else { return nil }
        return length + (number(after: "Item:Padding", in: element) ?? 0)
    }

    /// The whole number in `name="123"` (an XMP attribute), or in `<name>123</name>`.
    static func number(after name: String, in text: String) -> Int? {
        for opener in [name + "=\"", "<" + name + ">"] {
            guard let found = text.range(of: opener) else { continue }
            let digits = text[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count < 12, let value = Int(digits) { return value }
        }
        return nil
    }
}
