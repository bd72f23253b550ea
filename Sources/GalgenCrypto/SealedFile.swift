import GalgenHash

/// A file of a private album as published: the STREAM construction over AES-256-GCM (Hoang,
/// Reyhanitabar, Rogaway and Vizár 2015, as age and Tink's streaming AEAD use it), so that any
/// byte range opens on its own (a video seeks) and nothing can be changed, reordered, cut or
/// swapped with another file's piece unnoticed. docs/private-albums.md has the reasoning.
///
///     header   "GGP1" | version 1 | chunk size exponent (16: 64 KiB) | fileID (32 bytes)
///     chunk i  AES-256-GCM(fileKey, nonce = 0^7 | i (4 bytes, big-endian) | last (1 or 0), aad = header)
///              over plaintext bytes [i·64 KiB, (i+1)·64 KiB): 64 KiB + a 16-byte tag
///
/// `fileID = HMAC-SHA256(contentKey, the file's SHA-256)`, `fileKey = HKDF-SHA256(contentKey,
/// salt: fileID, info: "galgen-file-v1")`: every file has its own key (nonces never repeat under
/// one key), the same on every build, and the header never shows the digest (which would let
/// anyone holding a photo confirm it is in the album). An empty file is one empty last chunk.
public enum SealedFile {
    public static let magic = Array("GGP1".utf8)
    public static let version: UInt8 = 1
    public static let chunkExponent: UInt8 = 16
    public static let chunkSize = 1 << Int(chunkExponent)
    public static let headerSize = magic.count + 2 + 32
    public static let fileInfo = Array("galgen-file-v1".utf8)

    /// A file's id: `HMAC-SHA256(contentKey, its SHA-256)`.
    public static func fileID(digest: [UInt8], contentKey: [UInt8]) -> [UInt8] {
        Primitives.hmac(key: contentKey, digest)
    }

    /// `plaintext` sealed under the album's content key; `digest` is its SHA-256 (which the build
    /// has already).
    public static func seal(_ plaintext: [UInt8], digest: [UInt8], contentKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        try seal(plaintext, sealer: Sealer(digest: digest, contentKey: contentKey))
    }

    /// `plaintext` sealed by `sealer` (made with the file's id, when the build has it already).
    public static func seal(_ plaintext: [UInt8], sealer: Sealer) throws(CryptoError) -> [UInt8] {
        let count = chunkCount(plaintextLength: plaintext.count)
        var sealed = sealer.header
        sealed.reserveCapacity(sealedLength(plaintextLength: plaintext.count))
        for index in 0..<count {
            let piece = Array(plaintext[(index * chunkSize)..<min(plaintext.count, (index + 1) * chunkSize)])
            sealed += try sealer.seal(piece, index: index, last: index == count - 1)
        }
        return sealed
    }

    /// Seals one file a chunk at a time (a video need not be in memory whole): the header, then
    /// each chunk of `chunkSize` bytes (the last one shorter, or empty for an empty file).
    public struct Sealer: Sendable {
        public let header: [UInt8]
        let fileKey: [UInt8]

        public init(digest: [UInt8], contentKey: [UInt8]) throws(CryptoError) {
            try self.init(fileID: SealedFile.fileID(digest: digest, contentKey: contentKey), contentKey: contentKey)
        }

        /// From the file's id (`SealedFile.fileID`), when it was worked out already.
        public init(fileID: [UInt8], contentKey: [UInt8]) throws(CryptoError) {
            header = magic + [version, chunkExponent] + fileID
            fileKey = try Primitives.hkdf(key: contentKey, salt: fileID, info: fileInfo, count: 32)
        }

        public func seal(_ chunk: [UInt8], index: Int, last: Bool) throws(CryptoError) -> [UInt8] {
            precondition(chunk.count <= chunkSize && (last || chunk.count == chunkSize))
            return try Primitives.seal(chunk, key: fileKey, nonce: nonce(index, last: last), aad: header)
        }
    }

    /// The whole plaintext of a sealed file, or `refused` when any part of it does not open.
    public static func open(_ sealed: [UInt8], contentKey: [UInt8]) throws(CryptoError) -> [UInt8] {
        let reader = try Reader(header: sealed.prefix(headerSize), contentKey: contentKey)
        let body = sealed.count - headerSize
        let stride = chunkSize + Primitives.tagSize
        let count = max(1, (body + stride - 1) / stride)
        guard body >= Primitives.tagSize, body - (count - 1) * stride >= Primitives.tagSize else {
            throw .refused("it is cut short")
        }
        var plaintext: [UInt8] = []
        plaintext.reserveCapacity(body - count * Primitives.tagSize)
        for index in 0..<count {
            let start = headerSize + index * stride
            plaintext += try reader.open(sealed[start..<min(sealed.count, start + stride)], index: index, last: index == count - 1)
        }
        return plaintext
    }

    /// Opens the chunks of one sealed file, given its header: what a reader of byte ranges needs.
    public struct Reader: Sendable {
        public let header: [UInt8]
        let fileKey: [UInt8]

        public init(header: ArraySlice<UInt8>, contentKey: [UInt8]) throws(CryptoError) {
            guard header.count == SealedFile.headerSize, header.starts(with: magic) else { throw .refused("it is not a sealed file") }
            let bytes = Array(header)
            guard bytes[4] == version, bytes[5] == chunkExponent else {
                throw .refused("it is sealed in a way this galgen does not read (version \(bytes[4]), chunks of 2^\(bytes[5]) bytes)")
            }
            self.header = bytes
            fileKey = try Primitives.hkdf(key: contentKey, salt: Array(bytes[6...]), info: fileInfo, count: 32)
        }

        /// Chunk `index` (its ciphertext and tag); `last` says whether it ends the file.
        public func open(_ chunk: ArraySlice<UInt8>, index: Int, last: Bool) throws(CryptoError) -> [UInt8] {
            try Primitives.open(chunk, key: fileKey, nonce: nonce(index, last: last), aad: header)
        }
    }

    /// A file's name in its album: `HMAC-SHA256(contentKey, its public path)`, hex, with `.bin`:
    /// the same on every build, and saying nothing of the file.
    public static func name(of path: String, contentKey: [UInt8]) -> String {
        HexDigits.lowercase(Primitives.hmac(key: contentKey, Array(path.utf8))) + ".bin"
    }

    /// Chunks in a file of `plaintextLength` bytes (an empty file has one).
    public static func chunkCount(plaintextLength: Int) -> Int {
        max(1, (plaintextLength + chunkSize - 1) / chunkSize)
    }

    public static func sealedLength(plaintextLength: Int) -> Int {
        headerSize + plaintextLength + chunkCount(plaintextLength: plaintextLength) * Primitives.tagSize
    }

    /// The chunks that hold plaintext bytes `range`, and where they are in the sealed file.
    public static func chunks(covering range: Range<Int>, plaintextLength: Int) -> (indices: ClosedRange<Int>, sealed: Range<Int>) {
        let last = chunkCount(plaintextLength: plaintextLength) - 1
        let first = min(last, range.lowerBound / chunkSize)
        let end = min(last, max(first, (range.upperBound - 1) / chunkSize))
        let stride = chunkSize + Primitives.tagSize
        let sealedEnd = min(sealedLength(plaintextLength: plaintextLength), headerSize + (end + 1) * stride)
        return (first...end, (headerSize + first * stride)..<sealedEnd)
    }

    static func nonce(_ index: Int, last: Bool) -> [UInt8] {
        precondition(index >= 0 && index <= Int(UInt32.max))
        return [UInt8](repeating: 0, count: 7) + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: index >> $0) } + [last ? 1 : 0]
    }
}
