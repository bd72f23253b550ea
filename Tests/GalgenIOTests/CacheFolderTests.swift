import Foundation
import GalgenBuild
import GalgenCore
@testable import GalgenIO
import GalgenTestSupport
import Testing

/// The cache has one owner: every file it holds is one its layout names, and one `finish(used:)`
/// (the renditions and the sources, while the pages are written) and one `finishWritten()` (the
/// pages and the originals the writing used) keep in each store what the build used, forget the
/// rest, and write only what changed.
struct CacheFolderTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    var root: String { folder.path + "/cache" }
    func open() -> CacheFolder { CacheFolder(root: root, output: folder.path + "/site") }

    @Test func everyPathIsUnderTheRootAndNamedOnce() {
        let layout = open().layout
        let paths = layout.entries.map(\.path)
        #expect(paths.allSatisfy { $0.hasPrefix(root + "/") && !$0.dropFirst(root.count + 1).contains("/") })
        #expect(Set(paths).count == paths.count)
        #expect(Set(layout.entries.map(\.name)).count == paths.count)
        // The stores and the last-build record are opened where the layout says.
        let cache = open()
        #expect(cache.renditions.files.folder == layout.renditions)
        #expect(cache.originals.files.folder == layout.originals)
        #expect(cache.lastBuild.path == layout.lastBuild)
        #expect(cache.siteStamps.path == layout.siteStamps)
    }

    /// One build: renditions under `keys`, the digests of `photos`, the pages `pages` and the
    /// snapshots of `originals`, then the cache finished: what the items used first, then what
    /// the site's writing used.
    func build(keys: [String], photos: [String], pages: [String], originals: [String]) throws {
        let cache = open()
        for key in keys {
            let image = RenderedImage(width: 4, height: 2, renditions: [Rendition(width: 4, height: 2, jpeg: Array(key.utf8))])
            if cache.renditions.lookup(key) == nil { _ = try cache.renditions.keep(key, image) }
        }
        for photo in photos { _ = try cache.sources.digest(folder.path + "/" + photo) }
        try cache.finish(used: Set(keys))
        for page in pages { cache.pages.pageCache.keep(page, OutputFile(path: page + ".html", text: page)) }
        for original in originals {
            let path = folder.path + "/" + original
            _ = try cache.originals.snapshot(path, digest: ContentHash.hex(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        try cache.finishWritten()
    }

    func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func finishKeepsOnlyWhatTheBuildUsedOfEachStore() throws {
        for name in ["a.jpg", "b.jpg"] { try folder.write(name, "photo " + name) }
        try build(keys: ["k1", "k2"], photos: ["a.jpg", "b.jpg"], pages: ["p1", "p2"], originals: ["a.jpg", "b.jpg"])
        try build(keys: ["k1"], photos: ["a.jpg"], pages: ["p1"], originals: ["a.jpg"])

        let layout = open().layout
        #expect(open().renditions.lookup("k1") != nil)
        #expect(open().renditions.lookup("k2") == nil)
        #expect(TestProjectNames.visible(in: layout.renditions) == [ContentHash.hex(Array("k1".utf8)) + ".jpg"])
        #expect(text(layout.sourceDigests).contains("a.jpg") && !text(layout.sourceDigests).contains("b.jpg"))
        #expect(text(layout.pages).contains("p1") && !text(layout.pages).contains("p2"))
        #expect(TestProjectNames.visible(in: layout.originals) == [ContentHash.hex(Array("photo a.jpg".utf8))])
        // Nothing in the cache that its layout does not name.
        let named = Set(layout.entries.map { ($0.path as NSString).lastPathComponent })
        #expect(Set(TestProjectNames.visible(in: root)).isSubset(of: named))
    }

    @Test func finishWritesNothingWhenTheBuildChangedNothing() throws {
        try folder.write("a.jpg", "photo a")
        try build(keys: ["k1"], photos: ["a.jpg"], pages: ["p1"], originals: ["a.jpg"])
        let layout = open().layout
        let records = [layout.renditionRecords, layout.sourceDigests, layout.pages]
        let before = records.map(FileStamp.of)
        #expect(before.allSatisfy { $0 != nil })
        try build(keys: ["k1"], photos: ["a.jpg"], pages: ["p1"], originals: ["a.jpg"])
        #expect(records.map(FileStamp.of) == before, "an unchanged record was written again")
    }
}

/// The names in a folder, hidden ones (temporary files) left out, sorted.
enum TestProjectNames {
    static func visible(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}

/// docs/architecture.md draws the cache as a tree, the place the next kinds of cached files
/// are added to: it must name every entry of the layout.
struct CacheLayoutDocumentationTests {
    @Test func theArchitectureNotesNameEveryFileOfTheCache() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/architecture.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## The cache\n").dropFirst().first)
        let tree = try #require(section.components(separatedBy: "```").dropFirst().first)
        let named = Set(tree.split(separator: "\n").compactMap { $0.split(separator: " ").first }.map { name in
            // `renditions/<sha256>.jpg` names the folder `renditions/`.
            name.contains("/<") ? String(name.prefix { $0 != "<" }) : String(name)
        })
        for entry in CacheFolder.Layout(root: "/cache").entries {
            #expect(named.contains(entry.name), "docs/architecture.md, The cache: no line for \(entry.name)")
        }
    }
}
