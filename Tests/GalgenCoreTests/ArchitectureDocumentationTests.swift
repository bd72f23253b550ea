import Foundation
import Testing

/// docs/architecture.md stays true to the code: it names every target of Package.swift, and
/// every source file it names (`GalgenCore/Media/MediaKind.swift`, …) exists.
struct ArchitectureDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyTargetIsInTheModulesTable() throws {
        let package = try Self.read("Package.swift")
        let targets = try Self.matches(#"\.(?:target|systemLibrary|executableTarget)\(\s*name:\s*"([^"]+)""#, in: package)
        #expect(targets.count >= 20, "\(targets)")
        let docs = try Self.read("docs/architecture.md")
        let modules = try #require(docs.components(separatedBy: "\n## Modules\n").dropFirst().first?
            .components(separatedBy: "\n## ").first)
        for target in targets {
            #expect(modules.contains("`\(target)`"), "docs/architecture.md, Modules: no row names \(target)")
        }
    }

    @Test func everySourceFileItNamesExists() throws {
        let docs = try Self.read("docs/architecture.md")
        let files = try Self.matches(#"`((?:Galgen[A-Za-z]*|galgen)/[A-Za-z0-9_+/]+\.swift)"#, in: docs)
        #expect(files.count >= 10, "\(files)")
        for file in Set(files) {
            let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/" + file).path)
            #expect(exists, "docs/architecture.md names \(file), which is not in Sources/")
        }
    }
}
