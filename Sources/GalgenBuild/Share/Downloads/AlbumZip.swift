import GalgenCore

/// One album's zip (`downloads: zip`), as a value: its entries in album order, the key that
/// names it in the cache, and where it goes in the site.
///
/// The zip's bytes are a function of its entries alone (stored, fixed times, no varying field:
/// `ZipLayout`), so `key`, a digest of the entry list, stands for the bytes: the cache keeps a
/// zip under it and reuses it while the album's content is the same, and the site path carries
/// its fingerprint, so a browser or CDN holding an old zip never gets it for a new one.
public struct AlbumZip: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// The name inside the zip (`harbour.jpg`), unique in it.
        public var name: String
        /// The file's bytes: a rendition, an original's snapshot, a video's MP4.
        public var content: OutputFile.Content
        /// SHA-256 of the bytes.
        public var digest: String
        public var byteCount: Int

        public init(name: String, content: OutputFile.Content, digest: String, byteCount: Int) {
            self.name = name
            self.content = content
            self.digest = digest
            self.byteCount = byteCount
        }
    }

    /// The album's slug (`""` for a gallery without albums).
    public var album: String
    public var entries: [Entry]
    /// SHA-256 of the format's version and each entry's name, digest and size.
    public var key: String
    /// In the site: `day-one/day-one.3f2a9c1e.zip`.
    public var path: String
    /// The name a browser saves it under (`download="day-one.zip"`).
    public var fileName: String
    /// The archive's exact size (`ZipLayout.archiveSize`).
    public var byteCount: Int64

    /// Bump when the writer's bytes change for the same entries: every kept zip is made again.
    public static let formatVersion = "galgen album zip 1 (stored, 1980-01-01 00:00, UTF-8 names, ZIP64 from 0xFFFFFFFF)"

    public init(album: String, folder: String, baseName: String, entries: [Entry]) {
        self.album = album
        self.entries = entries
        var keyText = Self.formatVersion + "\n"
        for entry in entries { keyText += "\(entry.name)\u{0}\(entry.digest)\u{0}\(entry.byteCount)\n" }
        key = ContentHash.hex(Array(keyText.utf8))
        fileName = baseName + ".zip"
        path = folder + baseName + "." + ContentHash.fingerprint(key) + ".zip"
        byteCount = ZipLayout.archiveSize(entries.map { ($0.name.utf8.count, Int64($0.byteCount)) })
    }

    /// `name.ext`, unique among `taken` (compared without case, as Windows and macOS file systems
    /// do): `name-2.ext`, `name-3.ext`… on a collision. Inserts the result into `taken`.
    static func uniqueName(_ stem: String, _ ext: String, taken: inout Set<String>) -> String {
        var candidate = "\(stem).\(ext)"
        var number = 2
        while !taken.insert(candidate.lowercased()).inserted {
            candidate = "\(stem)-\(number).\(ext)"
            number += 1
        }
        return candidate
    }
}
