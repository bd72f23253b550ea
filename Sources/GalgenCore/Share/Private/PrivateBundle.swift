import Foundation
import GalgenCrypto

/// A private album ready to seal: where it is, its key and one record per password.
public struct PrivateSeal: Sendable {
    public var title: String
    /// `p-<token>`, without the slash.
    public var folder: String
    public var contentKey: [UInt8]
    public var records: [PasswordRecord]

    public init(title: String, folder: String, contentKey: [UInt8], records: [PasswordRecord]) {
        self.title = title
        self.folder = folder
        self.contentKey = contentKey
        self.records = records
    }
}

/// A private album's folder as published: every file of its own site sealed (`SealedFile`)
/// under a name that says nothing, a sealed manifest (public path → sealed name, type, length)
/// for its service worker, and the few files in the clear: the entry page with its password
/// form and records, the worker and the scripts. Nothing in the clear names or shows an item.
public enum PrivateBundle {
    /// One file of the album's own site, in the clear: its path in the site, bytes and SHA-256.
    public struct PlainFile: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var digest: String

        public init(path: String, bytes: [UInt8], digest: String) {
            self.path = path
            self.bytes = bytes
            self.digest = digest
        }
    }

    /// The files in the clear, at these names under the album's folder.
    public static let entryPage = "index.html"
    public static let worker = "sw.js"
    public static let scripts = ["private.open.js", "private.entry.js", "private.css"]
    /// The manifest's public path (no site path is this: every one starts with the folder).
    public static let manifestName = "manifest"

    /// One sealed file: at `folder/<name>`, its name from its path (relative to the folder).
    static func sealed(_ file: PlainFile, seal: PrivateSeal) throws(CryptoError) -> (OutputFile, entry: ManifestEntry) {
        let relative = relativePath(file.path, folder: seal.folder)
        let name = SealedFile.name(of: relative, contentKey: seal.contentKey)
        let bytes = try SealedFile.seal(file.bytes, digest: hexBytes(file.digest), contentKey: seal.contentKey)
        return (OutputFile(path: seal.folder + "/" + name, bytes: bytes),
                ManifestEntry(name: name, type: mediaType(of: file.path), length: file.bytes.count))
    }

    /// Every file sealed, and the manifest (sealed too) the worker finds them by.
    public static func seal(_ files: [PlainFile], seal: PrivateSeal, lockLabel: String) throws(CryptoError) -> [OutputFile] {
        var sealed: [OutputFile] = []
        var entries: [String: ManifestEntry] = [:]
        for file in files {
            let (output, entry) = try Self.sealed(file, seal: seal)
            sealed.append(output)
            entries[relativePath(file.path, folder: seal.folder)] = entry
        }
        let manifest = Manifest(v: 1, files: entries, lock: lockLabel)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(manifest)).map(Array.init) ?? []
        let name = SealedFile.name(of: manifestName, contentKey: seal.contentKey)
        let bytes = try SealedFile.seal(json, digest: hexBytes(ContentHash.hex(json)), contentKey: seal.contentKey)
        return sealed + [OutputFile(path: seal.folder + "/" + name, bytes: bytes)]
    }

    struct Manifest: Codable {
        var v: Int
        var files: [String: ManifestEntry]
        /// The "Lock" link's words, which the worker adds to each page it opens.
        var lock: String
    }

    struct ManifestEntry: Codable, Equatable {
        var name: String
        var type: String
        var length: Int

        func encode(to encoder: any Encoder) throws {
            var values = encoder.unkeyedContainer()
            try values.encode(name)
            try values.encode(type)
            try values.encode(length)
        }

        init(name: String, type: String, length: Int) {
            self.name = name
            self.type = type
            self.length = length
        }

        init(from decoder: any Decoder) throws {
            var values = try decoder.unkeyedContainer()
            name = try values.decode(String.self)
            type = try values.decode(String.self)
            length = try values.decode(Int.self)
        }
    }

    static func relativePath(_ path: String, folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    static func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            guard let value = character.hexValue else { return Array(hex.utf8) }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }

    /// The `Content-Type` the worker answers with.
    static func mediaType(of path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html": return "text/html; charset=utf-8"
        case "jpg", "jpeg": return "image/jpeg"
        case "avif": return "image/avif"
        case "webp": return "image/webp"
        case "png": return "image/png"
        case "heic", "heif": return "image/heif"
        case "mp4": return "video/mp4"
        case "mov": return "video/quicktime"
        case "zip": return "application/zip"
        case "xml": return "application/xml"
        case "json": return "application/json"
        default: return "application/octet-stream"
        }
    }
}

private extension UInt8 {
    var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
