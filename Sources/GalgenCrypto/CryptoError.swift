/// Why sealing or opening failed. `refused` is the only answer an attacker's bytes can get:
/// a wrong key, a changed, reordered or cut file all fail the same way.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes did not authenticate under this key (or are not a sealed file at all).
    case refused(String)
    /// The library failed (out of memory, no randomness): not the input's fault.
    case library(String)

    public var description: String {
        switch self {
        case let .refused(why): "it could not be opened: \(why)"
        case let .library(why): "the system's cryptography failed: \(why)"
        }
    }
}
