import Foundation
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// A template folder is read where its symlinks lead: only regular files inside it, of a site's
/// kinds, are read at all.
struct TemplateFolderReaderTests {
    @Test func symlinksAreFollowedAndMustStayInside() throws {
        let project = try TemporaryFolder()
        try project.write("theme/style.css", "body{}")
        try project.write("theme/parts/real.css", "inner{}")
        try project.write("secret.css", "the secret")
        let theme = project.path + "/theme"
        try FileManager.default.createSymbolicLink(atPath: theme + "/inner.css", withDestinationPath: "parts/real.css")
        try FileManager.default.createSymbolicLink(atPath: theme + "/outside.css", withDestinationPath: "../secret.css")
        try FileManager.default.createSymbolicLink(atPath: theme + "/gone.css", withDestinationPath: "nowhere.css")
        try FileManager.default.createSymbolicLink(atPath: theme + "/loop.css", withDestinationPath: "loop.css")
        #expect(mkfifo(theme + "/pipe.css", 0o600) == 0)

        let (files, selection) = try TemplateFolderReader.read(theme)
        #expect(files == ["style.css": Array("body{}".utf8), "inner.css": Array("inner{}".utf8)])
        #expect(selection.used == ["inner.css", "style.css"])
        let reasons = Dictionary(uniqueKeysWithValues: selection.skipped.map { ($0.name, $0.reason) })
        #expect(reasons.keys.sorted() == ["gone.css", "loop.css", "outside.css", "parts", "pipe.css"])
        let real = try #require(TemplateFolderReaderTests.realPath(project.path))
        #expect(reasons["outside.css"] == "skipped: a symlink to \(real)/secret.css, outside the template folder (only files inside it are used)")
        #expect(reasons["gone.css"] == "skipped: a symlink to nowhere.css, which leads nowhere")
        #expect(reasons["loop.css"] == "skipped: a symlink to loop.css, which loops")
        #expect(reasons["pipe.css"]?.hasPrefix("skipped: not a regular file but a FIFO (named pipe)") == true)
        #expect(reasons["parts"]?.hasPrefix("skipped: a folder") == true)
    }

    @Test func aSymlinkedTemplateFolderIsReadWhereItLeads() throws {
        let project = try TemporaryFolder()
        try project.write("shared/theme/style.css", "body{}")
        try FileManager.default.createSymbolicLink(atPath: project.path + "/theme", withDestinationPath: "shared/theme")
        let (files, selection) = try TemplateFolderReader.read(project.path + "/theme")
        #expect(files == ["style.css": Array("body{}".utf8)])
        #expect(selection.skipped == [])
    }

    @Test func aMissingFolderIsNamed() throws {
        #expect { try TemplateFolderReader.read("/nonexistent/galgen/theme") } throws: {
            "\($0)" == "no such folder (/nonexistent/galgen/theme)"
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
