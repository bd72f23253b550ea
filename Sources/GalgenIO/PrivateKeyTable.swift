import Foundation
import GalgenCore
import Synchronization

/// Each private album's keys (`PrivateKeys`), by the album's slug: `private.json` in the cache,
/// which no format version discards (a lost table is a new key and a new address for every
/// private album). New keys are written at once, durably, before anything is sealed with them.
/// The file holds the albums' content keys: the cache folder is as private as the photos in it.
public final class PrivateKeyTable: Sendable {
    let path: String
    private let temporaries: TemporaryFiles
    private let table = Mutex<[String: PrivateKeys]?>(nil)

    init(path: String, temporaries: TemporaryFiles) {
        self.path = path
        self.temporaries = temporaries
    }

    /// The kept keys of the album `slug`, completed with new ones for what they lack.
    public func keys(for slug: String, passwords: [String]) throws -> (keys: PrivateKeys, isNew: Bool) {
        try table.withLock { table in
            var known = try table ?? read()
            let isNew = known[slug] == nil
            let keys = try PrivateKeys.random(passwords: passwords, kept: known[slug])
            if keys != known[slug] {
                known[slug] = keys
                try save(known)
            }
            table = known
            return (keys, isNew)
        }
    }

    private func read() throws -> [String: PrivateKeys] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        guard let table = try? JSONDecoder().decode([String: PrivateKeys].self, from: data), table.values.allSatisfy(\.isWellFormed) else {
            throw FileError(path: path, reason: "it is not the table of private albums' keys galgen writes; restore it from a backup, "
                            + "or remove it (each private album then gets a new key and a new address)")
        }
        return table
    }

    private func save(_ table: [String: PrivateKeys]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try temporaries.writeAtomically(Array(try encoder.encode(table)), to: path, durable: true)
        chmod(path, 0o600)
    }
}
