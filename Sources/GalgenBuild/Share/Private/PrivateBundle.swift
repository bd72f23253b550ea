import Foundation
import GalgenCore
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
    /// The files in the clear, at these names under the album's folder.
    public static let entryPage = "index.html"
    /// The manifest's public path (no site path is this: every one starts with the folder).
    public static let manifestName = "manifest"

    /// The file id of plaintext with SHA-256 `digest` (`SealedFile`): what its sealed bytes are kept by.
    public static func fileID(digest: String, seal: PrivateSeal) -> String {
        ContentHash.hex(digest: SealedFile.fileID(digest: hexBytes(digest), contentKey: seal.contentKey))
    }

    /// The sealer of the file with id `id` (`fileID`): the id is not worked out again.
    public static func sealer(id: String, seal: PrivateSeal) throws(CryptoError) -> SealedFile.Sealer {
        try SealedFile.Sealer(fileID: hexBytes(id), contentKey: seal.contentKey)
    }

    /// One file of the album's site as published: at `folder/<name>`, its name from its path
    /// (relative to the folder) and its file id, so a changed file gets a new name (no cache
    /// between the host and the browser can hand out its old bytes); `sealed` is where its
    /// sealed bytes are.
    public static func published(path: String, id: String, length: Int, sealed: SealedFileKeeper.Kept, bytes: [UInt8]?,
                                 seal: PrivateSeal) -> (file: OutputFile, relative: String, entry: ManifestEntry) {
        let relative = relativePath(path, folder: seal.folder)
        let name = SealedFile.name(of: relative + "\n" + id, contentKey: seal.contentKey)
        let target = seal.folder + "/" + name
        let file = bytes.map { OutputFile(path: target, bytes: $0) }
            ?? OutputFile(path: target, file: sealed.path, digest: sealed.digest, byteCount: sealed.byteCount)
        return (file, relative, ManifestEntry(name: name, type: mediaType(of: path), length: length))
    }

    /// The manifest the worker finds the album's files by, sealed.
    public static func manifest(_ entries: [String: ManifestEntry], seal: PrivateSeal, lockLabel: String) throws(CryptoError) -> OutputFile {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(Manifest(v: 1, files: entries, lock: lockLabel))).map(Array.init) ?? []
        let name = SealedFile.name(of: manifestName, contentKey: seal.contentKey)
        let bytes = try SealedFile.seal(json, digest: hexBytes(ContentHash.hex(json)), contentKey: seal.contentKey)
        return OutputFile(path: seal.folder + "/" + name, bytes: bytes)
    }

    struct Manifest: Codable {
        var v: Int
        var files: [String: ManifestEntry]
        /// The "Lock" link's words, which the worker adds to each page it opens.
        var lock: String
    }

    public struct ManifestEntry: Codable, Equatable, Sendable {
        var name: String
        var type: String
        var length: Int

        public func encode(to encoder: any Encoder) throws {
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

        public init(from decoder: any Decoder) throws {
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
        case "jxl": return "image/jxl"
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
