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

    /// Every `Type.member` it names (`BuildPipeline.mergeItems`, `RenditionStore.foldShards`)
    /// is a member declared in Sources/ of a type declared there: a renamed or removed stage
    /// fails here, so the walks it tells stay the code's.
    @Test func everyTypeMemberItNamesIsDeclared() throws {
        let docs = try Self.read("docs/architecture.md")
        let sources = try Self.allSources()
        let declared = Set(try Self.matches(#"(?:struct|enum|class|protocol|extension|actor|typealias)\s+([A-Z][A-Za-z0-9]*)"#, in: sources))
        let named = try Self.matches(#"`([A-Z][A-Za-z0-9]*\.[a-zA-Z][A-Za-z0-9]*)"#, in: docs)
        var checked = 0
        for name in Set(named) {
            let parts = name.split(separator: ".").map(String.init)
            // `Presenter.swift` is a file (`everySourceFileItNamesExists`), not a member.
            guard declared.contains(parts[0]), parts[1] != "swift" else { continue }
            checked += 1
            let member = try NSRegularExpression(pattern: #"(?:func|var|let|case|init|struct|enum|class|typealias)\s+\#(parts[1])\b|case\s+[^\n]*\b\#(parts[1])\b"#)
            let found = member.firstMatch(in: sources, range: NSRange(sources.startIndex..., in: sources)) != nil
            #expect(found, "docs/architecture.md names \(name), and Sources/ declares no \(parts[1])")
        }
        #expect(checked >= 60, "\(checked) names checked")
    }

    /// Every Swift file under Sources/, joined.
    static func allSources() throws -> String {
        let folder = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var text = ""
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            text += try String(contentsOf: file, encoding: .utf8) + "\n"
        }
        return text
    }
}
