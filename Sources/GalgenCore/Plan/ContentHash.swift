import Foundation
import GalgenHash

/// SHA-256 of bytes, as lowercase hex: the identity of sources, renditions and outputs.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        hex(digest: SHA256Hasher.hash(bytes))
    }

    /// A digest (or any bytes) as lowercase hex.
    public static func hex(digest: some Sequence<UInt8>) -> String {
        HexDigits.lowercase(digest)
    }

    /// The part of a digest that goes into a file name (`gallery.3f2a9c1e.css`).
    public static func fingerprint(_ digest: String) -> String { String(digest.prefix(8)) }

    /// `name.ext` → `name.<fingerprint>.ext`.
    public static func fingerprinted(_ path: String, digest: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "." + fingerprint(digest) }
        return String(path[..<dot]) + "." + fingerprint(digest) + String(path[dot...])
    }
}
