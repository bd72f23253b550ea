import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenServe
import Testing

/// The serve watcher and the no-op check read an input's stamp by one rule (`InputStamps`): an
/// edit that makes one rebuild makes the other rebuild too, and one the build cannot see (inside
/// a template's subfolder, a dot file) makes neither.
struct InputStampAgreementTests {
    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case nestedTemplateFileEdited, dotFileAddedToTemplate, templateFileEdited, fileAddedToTemplate,
             photoAddedToFolderSource, dotFileAddedToFolderSource, sidecarTouched, photoEdited
        var testDescription: String { rawValue }

        /// Whether a build reads what the edit changed.
        var buildSeesIt: Bool {
            ![.nestedTemplateFileEdited, .dotFileAddedToTemplate, .dotFileAddedToFolderSource].contains(self)
        }
    }

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("agree-\(UUID().uuidString)").path
    var later: Date { Date().addingTimeInterval(2) }

    func write(_ name: String, _ text: String) throws {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Rewritten in place (same inode), its time moved past the file clock's tick.
    func editInPlace(_ name: String, _ text: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: root + "/" + name))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: root + "/" + name)
    }

    func apply(_ edit: Edit) throws {
        switch edit {
        case .nestedTemplateFileEdited: try editInPlace("template/partials/nested.mustache", "changed")
        case .dotFileAddedToTemplate: try write("template/.page.mustache.swp", "swap")
        case .templateFileEdited: try editInPlace("template/page.mustache", "changed")
        case .fileAddedToTemplate: try write("template/extra.css", "p {}")
        case .photoAddedToFolderSource: try write("photos/b.jpg", "pixels")
        case .dotFileAddedToFolderSource: try write("photos/.DS_Store", "finder")
        case .sidecarTouched: try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: root + "/photos/a.xmp")
        case .photoEdited: try editInPlace("photos/a.jpg", "PIXELS")
        }
    }

    @Test(arguments: Edit.allCases)
    func theWatcherAndTheNoOpCheckAgree(_ edit: Edit) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (name, text) in [("gallery.yml", "title: T\n"), ("photos/a.jpg", "pixels"), ("photos/a.xmp", "<x/>"),
                             ("template/page.mustache", "{{title}}"), ("template/partials/nested.mustache", "n")] {
            try write(name, text)
        }
        let cache = CacheFolder(root: root + "/cache", output: root + "/site")
        try SiteWriter(output: root + "/site", stamps: cache.siteStamps).write([OutputFile(path: "index.html", text: "<p>T</p>")])
        let config = root + "/gallery.yml"
        let inputs = [config, root + "/template", root + "/photos/", root + "/photos/a.jpg", root + "/photos/a.xmp"]
        cache.lastBuild.record(LastBuild(key: "k", images: 1, pages: 1, inputs: inputs, warnings: []), config: config,
                               readSince: FileStamp.now() + 1_000_000_000)
        let watcher = InputWatcher(paths: inputs)
        let known = watcher.snapshot()
        #expect(CacheFolder(root: root + "/cache", output: root + "/site").lastBuild.unchanged(key: "k", config: config) != nil)

        try apply(edit)
        let checkSees = CacheFolder(root: root + "/cache", output: root + "/site").lastBuild.unchanged(key: "k", config: config) == nil
        let watcherSees = !known.changes(to: watcher.snapshot()).isEmpty
        #expect(checkSees == watcherSees, "no-op check sees it: \(checkSees), watcher: \(watcherSees)")
        #expect(checkSees == edit.buildSeesIt)
    }
}
