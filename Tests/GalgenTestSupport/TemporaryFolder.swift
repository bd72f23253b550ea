import Foundation

/// A fresh folder under the system temporary directory, removed with everything in it when
/// the last reference to it goes away (or earlier, by `remove()`).
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "galgen-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { remove() }

    public func write(_ relative: String, _ text: String) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    public func read(_ relative: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    public func list(_ relative: String = "") -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: path + "/" + relative)) ?? []).sorted()
    }

    /// Removes the folder now; it is removed anyway when the folder goes away.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
