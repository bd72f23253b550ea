import Foundation

/// A table in the cache that no format version discards, by album slug (the unlisted albums'
/// addresses, the private albums' keys): a JSON object read whole, written at once and durably
/// (a new entry is kept before any page names it). A file that is not what galgen writes is
/// never silently replaced: reading it fails with `damaged`.
struct KeptTable<Value: Codable & Sendable>: Sendable {
    let path: String
    let temporaries: TemporaryFiles
    /// What to do about a damaged file, for the message.
    let damaged: String
    let isValid: @Sendable (Value) -> Bool
    /// The file's permissions, when it must be readable by its owner only.
    var mode: mode_t? = nil

    func read() throws -> [String: Value] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        guard let table = try? JSONDecoder().decode([String: Value].self, from: data), table.values.allSatisfy(isValid) else {
            throw FileError(path: path, reason: damaged)
        }
        return table
    }

    func save(_ table: [String: Value]) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try temporaries.writeAtomically(Array(try encoder.encode(table)), to: path, durable: true)
        if let mode { chmod(path, mode) }
    }
}
