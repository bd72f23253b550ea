import Foundation
import GalgenCore
import Synchronization

/// The random part of each unlisted album's address (`UnlistedAddress`), by the album's slug:
/// `unlisted.json` in the cache, a plain JSON object that no format version ever discards (a
/// lost token is a changed address: every link given out would break).
///
/// A new token is written at once, durably, before any page names it.
public final class UnlistedAddresses: Sendable {
    let path: String
    private let file: KeptTable<String>
    private let tokens = Mutex<[String: String]?>(nil)

    init(path: String, temporaries: TemporaryFiles) {
        self.path = path
        file = KeptTable(path: path, temporaries: temporaries,
                         damaged: "it is not the table of unlisted albums' addresses galgen writes; "
                             + "restore it from a backup, or remove it (each unlisted album then gets a new address)",
                         isValid: UnlistedAddress.isToken)
    }

    /// The kept token of the album `slug`, or a new one, kept from now on.
    public func token(for slug: String) throws -> (token: String, isNew: Bool) {
        try tokens.withLock { tokens in
            var known = try tokens ?? file.read()
            if let token = known[slug] {
                tokens = known
                return (token, false)
            }
            var generator = SystemRandomNumberGenerator()
            let token = UnlistedAddress.token(using: &generator)
            known[slug] = token
            try file.save(known)
            tokens = known
            return (token, true)
        }
    }
}
