import Crypto
import Foundation

/// SHA-256 of bytes, as lowercase hex: the identity of sources, renditions and outputs.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The part of a digest that goes into a file name (`gallery.3f2a9c1e.css`).
    public static func fingerprint(_ digest: String) -> String { String(digest.prefix(8)) }

    /// `name.ext` → `name.<fingerprint>.ext`.
    public static func fingerprinted(_ path: String, digest: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + "." + fingerprint(digest) }
        return String(path[..<dot]) + "." + fingerprint(digest) + String(path[dot...])
    }
}
