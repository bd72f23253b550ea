import GalgenHash

/// SHA-256 over typed, length-prefixed values, so no two different sequences collide by
/// concatenation ("ab" + "c" vs "a" + "bc").
public struct Fingerprint {
    private var hasher = SHA256Hasher()

    public init() {}

    public mutating func add(_ text: String) {
        add(text.utf8.count)
        var text = text
        text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
    }

    public mutating func add(_ number: Int) {
        withUnsafeBytes(of: number.littleEndian) { hasher.update(bufferPointer: $0) }
    }

    public mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }

    public var hex: String { ContentHash.hex(digest: hasher.finalize()) }

    /// A cache key: the kind of thing kept, its source's digest, the request value itself (so
    /// none of its parts can be left out), what made it and that maker's version, and whatever
    /// `more` adds (a rendition's format).
    public static func cacheKey(_ kind: String, source: String, request: some Fingerprintable, tool: String, version: String,
                                more: (inout Fingerprint) -> Void = { _ in }) -> String {
        var fingerprint = Fingerprint()
        fingerprint.add(kind)
        fingerprint.add(source)
        request.fingerprint(into: &fingerprint)
        fingerprint.add(tool)
        fingerprint.add(version)
        more(&fingerprint)
        return fingerprint.hex
    }
}

public protocol Fingerprintable {
    func fingerprint(into fingerprint: inout Fingerprint)
}

extension String: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) { fingerprint.add(self) }
}

extension Int: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) { fingerprint.add(self) }
}

extension Bool: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) { fingerprint.add(self) }
}

/// -1 for nil, 1 and then the value otherwise, so nil and a present value never collide.
extension Optional: Fingerprintable where Wrapped: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        guard let value = self else { return fingerprint.add(-1) }
        fingerprint.add(1)
        value.fingerprint(into: &fingerprint)
    }
}

/// The count and then each element, so [a, b] + [c] and [a] + [b, c] differ.
extension Array: Fingerprintable where Element: Fingerprintable {
    public func fingerprint(into fingerprint: inout Fingerprint) {
        fingerprint.add(count)
        for element in self { element.fingerprint(into: &fingerprint) }
    }
}
