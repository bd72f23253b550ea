import GalgenCore

/// Where sealed files are kept between builds (the live one: GalgenIO's `SealedFileStore`), by
/// their file id (`SealedFile`'s HMAC of the content key and the plaintext's digest): a rebuild
/// seals only what changed, and neither reads nor seals a file it sealed before.
public struct SealedFileKeeper: Sendable {
    /// A kept sealed file: where its bytes are, their SHA-256 and size.
    public struct Kept: Equatable, Sendable {
        public var path: String
        public var digest: String
        public var byteCount: Int

        public init(path: String, digest: String, byteCount: Int) {
            self.path = path
            self.digest = digest
            self.byteCount = byteCount
        }
    }

    public var lookup: @Sendable (_ id: String) -> Kept?
    public var keep: @Sendable (_ id: String, _ sealed: [UInt8]) throws -> Kept
    /// Seals the file at `path` a chunk at a time into the store (`SealedFile.chunkSize` bytes
    /// read, `sealChunk` called, written on), never holding it whole; nil when there is no store.
    public var keepSealing: (@Sendable (_ id: String, _ path: String, _ header: [UInt8],
                                        _ sealChunk: (_ chunk: [UInt8], _ index: Int, _ last: Bool) throws -> [UInt8]) throws -> Kept)?
    /// The site is written: the kept files not among these ids are removed.
    public var finish: @Sendable (_ used: Set<String>) throws -> Void

    public init(lookup: @escaping @Sendable (String) -> Kept?, keep: @escaping @Sendable (String, [UInt8]) throws -> Kept,
                keepSealing: (@Sendable (String, String, [UInt8], ([UInt8], Int, Bool) throws -> [UInt8]) throws -> Kept)? = nil,
                finish: @escaping @Sendable (Set<String>) throws -> Void) {
        self.lookup = lookup
        self.keep = keep
        self.keepSealing = keepSealing
        self.finish = finish
    }

    /// Nothing kept (builds without a cache): every file is sealed in memory.
    public static let none = SealedFileKeeper(lookup: { _ in nil }, keep: { _, sealed in
        Kept(path: "", digest: ContentHash.hex(sealed), byteCount: sealed.count)
    }, finish: { _ in })
}
