import Foundation
import GalgenBuild
import GalgenCore
import Synchronization

/// Each private album's keys (`PrivateKeys`), by the album's slug: `private.json` in the cache,
/// which no format version discards (a lost table is a new key and a new address for every
/// private album). New keys are written at once, durably, before anything is sealed with them.
/// The file holds the albums' content keys: the cache folder is as private as the photos in it.
public final class PrivateKeyTable: Sendable {
    let path: String
    private let file: KeptTable<PrivateKeys>
    private let table = Mutex<[String: PrivateKeys]?>(nil)

    init(path: String, temporaries: TemporaryFiles) {
        self.path = path
        file = KeptTable(path: path, temporaries: temporaries,
                         damaged: "it is not the table of private albums' keys galgen writes; restore it from a backup, "
                             + "or remove it (each private album then gets a new key and a new address)",
                         isValid: \.isWellFormed, mode: 0o600)
    }

    /// The kept keys of the album `slug`, completed with new ones for what they lack.
    public func keys(for slug: String, passwords: [String]) throws -> (keys: PrivateKeys, isNew: Bool) {
        try table.withLock { table in
            var known = try table ?? file.read()
            let isNew = known[slug] == nil
            let keys = try PrivateKeys.random(passwords: passwords, kept: known[slug])
            if keys != known[slug] {
                known[slug] = keys
                try file.save(known)
            }
            table = known
            return (keys, isNew)
        }
    }
}
