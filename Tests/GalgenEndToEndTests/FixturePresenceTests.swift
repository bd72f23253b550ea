import Foundation
import GalgenTestSupport
import Testing

/// The tests run on any clone: every fixture they read is in the repository, described in
/// Tests/Fixtures/SOURCES.md, small enough to keep the repository small, and no test reads the
/// shared corpus beside the repository (`../shared`, the benchmarks' corpus).
struct FixturePresenceTests {
    static let testsFolder = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().path

    /// Every file under Tests/Fixtures, relative to it.
    static func fixtureFiles() -> [String] {
        let files = FileManager.default.enumerator(atPath: Fixtures.root)?.compactMap { $0 as? String } ?? []
        return files.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Fixtures.root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    @Test func everyFixtureFolderIsThere() {
        for folder in ["photos", "orientation", "odd", "formats", "formats/odd"] {
            #expect(!Fixtures.names(in: folder).isEmpty, "Tests/Fixtures/\(folder) is missing or empty")
        }
    }

    @Test func everyFixtureFileIsDescribedInSOURCES() throws {
        let sources = try String(contentsOfFile: Fixtures.root + "/SOURCES.md", encoding: .utf8)
        let described = ["heif/SOURCES.md", "metadata/SOURCES.md", "colour/README.md"]
        let notes = try described.map { try String(contentsOfFile: Fixtures.root + "/" + $0, encoding: .utf8) }
        for path in Self.fixtureFiles() where !path.hasSuffix(".md") && !path.hasSuffix(".py") {
            let name = (path as NSString).lastPathComponent
            let folder = (path as NSString).deletingLastPathComponent
            let isDescribed = sources.contains("`\(name)`") || (["heif", "metadata", "colour"].contains(folder) && notes.contains { $0.contains(name) })
            #expect(isDescribed, "Tests/Fixtures/\(path) has no line in SOURCES.md")
        }
    }

    @Test func theFixturesFitIn30MB() throws {
        let total = try Self.fixtureFiles().reduce(0) { sum, path in
            sum + ((try FileManager.default.attributesOfItem(atPath: Fixtures.root + "/" + path)[.size] as? Int) ?? 0)
        }
        #expect(total <= 30_000_000, "Tests/Fixtures holds \(total) bytes")
    }

    /// No test reads ../shared: a clone elsewhere has none.
    @Test func noTestReadsTheSharedCorpus() throws {
        let forbidden = ["shared/fixtures", #""shared", "fixtures""#]
        let files = FileManager.default.enumerator(atPath: Self.testsFolder)?.compactMap { $0 as? String } ?? []
        for path in files where [".swift", ".py", ".sh"].contains(where: path.hasSuffix) && !path.hasPrefix("Fixtures/") {
            let text = try String(contentsOfFile: Self.testsFolder + "/" + path, encoding: .utf8)
            for pattern in forbidden where text.contains(pattern) && !path.hasSuffix("FixturePresenceTests.swift") {
                Issue.record("Tests/\(path) reads the shared corpus (\(pattern))")
            }
        }
    }
}
