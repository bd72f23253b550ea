import GalgenCore

/// A file of the site, as a value: where it goes, what it holds, and its digest.
public struct OutputFile: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case bytes([UInt8])
        /// Bytes already on disk (a kept rendition): linked or copied into the site.
        case file(String)
    }

    /// Relative to the output folder, with `/` separators.
    public var path: String
    public var content: Content
    /// SHA-256 of the bytes, hex.
    public var digest: String
    public var byteCount: Int

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.content = .bytes(bytes)
        self.digest = ContentHash.hex(bytes)
        self.byteCount = bytes.count
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public init(path: String, file: String, digest: String, byteCount: Int) {
        self.path = path
        self.content = .file(file)
        self.digest = digest
        self.byteCount = byteCount
    }

    /// A video's MP4, from the store that keeps it.
    public init(path: String, file: VideoFile) {
        self.init(path: path, file: file.path, digest: file.digest, byteCount: file.byteCount)
    }

    /// A rendition's file: its bytes in memory, or linked or copied from the store that keeps them.
    public init(path: String, rendition: Rendition) {
        self.path = path
        switch rendition.content {
        case let .inMemory(bytes): self.content = .bytes(bytes)
        case let .stored(file): self.content = .file(file)
        }
        self.digest = rendition.digest
        self.byteCount = rendition.byteCount
    }

    /// The bytes, when held in memory.
    public var bytes: [UInt8]? {
        if case let .bytes(bytes) = content { return bytes }
        return nil
    }
}
