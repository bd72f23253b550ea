import Foundation
import GalgenHash

/// SHA-256 of bytes, as lowercase hex: the identity of sources, renditions and outputs.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        hex(digest: SHA256Hasher.hash(bytes))
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// Lowercase hex without `String(format:)`, which cost more than the hashing itself.
    public static func hex(digest: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The part of a digest that goes into a file name (`gallery.3f2a9c1e.css`).
    public static func fingerprint(_ digest: String) -> String { String(digest.prefix(8)) }

    /// `name.ext` → `name.<fingerprint>.ext`.
    public static func fingerprinted(_ path: String, digest: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "." + fingerprint(digest) }
        return String(path[..<dot]) + "." + fingerprint(digest) + String(path[dot...])
    }
}
