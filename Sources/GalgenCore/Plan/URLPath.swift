/// Percent-encodes a relative path for use in `href`/`src` (HTML escaping comes after, in the template).
public enum URLPath {
    /// Unreserved characters and "/" pass; every other byte is %XX (a table: this runs
    /// for every rendition of every photo on every build).
    private static let unreserved: [Bool] = (0..<128).map { byte in
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8.contains(UInt8(byte))
    }
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    public static func escape(_ path: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if byte < 0x80, unreserved[Int(byte)] {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
