#if canImport(CommonCrypto)
import CommonCrypto
#else
import CLibCrypto
#endif

/// SHA-256, fed piece by piece: the identity of sources, renditions, pages and downloads.
///
/// A value: a copy hashes on by itself (copy on write). Small pieces (a page key adds one
/// field at a time) are gathered here and handed to the library a few kilobytes at a time.
/// The digest comes from the system: OpenSSL's libcrypto on Linux, CommonCrypto on Apple's
/// systems; neither compiles anything into galgen.
public struct SHA256Hasher {
    private var state = DigestState()
    private var pending: [UInt8] = []
    private static let gather = 4096

    public init() {}

    /// The digest of `bytes` (32 bytes): straight to the library, nothing gathered or copied.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        let state = DigestState()
        bytes.withUnsafeBytes { state.feed($0) }
        return state.finish()
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update(bufferPointer: $0) }
    }

    public mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.gather else {
            pending.append(contentsOf: bytes)
            if pending.count >= Self.gather { flush() }
            return
        }
        flush()
        unique().feed(bytes)
    }

    /// The digest of everything fed so far; the hasher can go on being fed afterwards.
    public func finalize() -> [UInt8] {
        let copy = state.copy()
        pending.withUnsafeBytes { copy.feed($0) }
        return copy.finish()
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let state = unique()
        pending.withUnsafeBytes { state.feed($0) }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func unique() -> DigestState {
        if !isKnownUniquelyReferenced(&state) { state = state.copy() }
        return state
    }
}

#if canImport(CommonCrypto)
/// CommonCrypto's running SHA-256.
private final class DigestState {
    private var context = CC_SHA256_CTX()

    init() { CC_SHA256_Init(&context) }

    private init(context: CC_SHA256_CTX) { self.context = context }

    func copy() -> DigestState { DigestState(context: context) }

    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        CC_SHA256_Update(&context, base, CC_LONG(bytes.count))
    }

    func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
        CC_SHA256_Final(&digest, &context)
        return digest
    }
}
#else
/// libcrypto's running SHA-256 (an `EVP_MD_CTX`), freed with its owner.
private final class DigestState {
    private let context: OpaquePointer

    init() {
        context = Self.newContext()
        guard EVP_DigestInit_ex2(context, Algorithm.sha256.digest, nil) == 1 else { Self.failed("EVP_DigestInit_ex2") }
    }

    private init(copying other: OpaquePointer) {
        context = Self.newContext()
        guard EVP_MD_CTX_copy_ex(context, other) == 1 else { Self.failed("EVP_MD_CTX_copy_ex") }
    }

    deinit { EVP_MD_CTX_free(context) }

    func copy() -> DigestState { DigestState(copying: context) }

    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        guard EVP_DigestUpdate(context, base, bytes.count) == 1 else { Self.failed("EVP_DigestUpdate") }
    }

    func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { Self.failed("EVP_DigestFinal_ex") }
        return digest
    }

    private static func newContext() -> OpaquePointer {
        guard let context = EVP_MD_CTX_new() else { failed("EVP_MD_CTX_new") }
        return context
    }

    /// libcrypto fails here only without memory or without its default provider: no input causes it.
    private static func failed(_ call: String) -> Never {
        fatalError("libcrypto's SHA-256 failed in \(call): is OpenSSL's default provider installed?")
    }
}

/// SHA-256 fetched from libcrypto's default provider once; an `EVP_MD` is immutable once fetched.
private struct Algorithm: @unchecked Sendable {
    let digest: OpaquePointer

    static let sha256: Algorithm = {
        guard let digest = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("libcrypto has no SHA-256: is OpenSSL's default provider installed?")
        }
        return Algorithm(digest: digest)
    }()
}
#endif
