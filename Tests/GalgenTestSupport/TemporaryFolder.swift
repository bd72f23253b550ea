import Foundation

/// A fresh folder under the system temporary directory, removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "galgen-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

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

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
