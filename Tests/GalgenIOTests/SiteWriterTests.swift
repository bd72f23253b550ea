import GalgenTestSupport
import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import Testing

struct SiteWriterTests {
    @Test func writesAllFilesWithAMarkerAndNoLeftovers() throws {
        let folder = try TemporaryFolder()
        let wrote = try SiteWriter(output: folder.path + "/_site").write([
            OutputFile(path: "index.html", text: "<p>hi</p>"),
            OutputFile(path: "images/a/b-400.jpg", bytes: [1, 2, 3]),
        ])
        #expect(wrote)
        #expect(folder.list("_site") == [".galgen-site", "images", "images/a", "images/a/b-400.jpg", "index.html"])
        #expect(folder.read("_site/index.html") == "<p>hi</p>")
        // The marker lists every file, sorted by path, with its SHA-256 and size.
        let marker = try #require(folder.read("_site/.galgen-site"))
        #expect(marker.split(separator: "\n").dropFirst() == [
            "\(ContentHash.hex([1, 2, 3])) 3 images/a/b-400.jpg", "\(ContentHash.hex(Array("<p>hi</p>".utf8))) 9 index.html",
        ])
        #expect(!folder.list().contains { $0.contains("galgen-tmp") })
    }

    @Test func aRebuildReplacesTheWholeSite() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(output: folder.path + "/_site")
        try writer.write([OutputFile(path: "old.html", text: "old")])
        try writer.write([OutputFile(path: "new.html", text: "new")])
        #expect(folder.list("_site") == [".galgen-site", "new.html"])
    }

    @Test func refusesAFolderThatIsNotGalgens() throws {
        let folder = try TemporaryFolder()
        try folder.write("docs/thesis.tex", "precious")
        #expect { try SiteWriter(output: folder.path + "/docs").write([OutputFile(path: "index.html", text: "x")]) } throws: {
            "\($0)".contains("not empty and was not made by galgen")
        }
        #expect(folder.list("docs") == ["thesis.tex"])
    }

    @Test func aFailedWriteKeepsThePreviousSite() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(output: folder.path + "/_site")
        try writer.write([OutputFile(path: "index.html", text: "good")])
        #expect(throws: (any Error).self) {
            try writer.write([OutputFile(path: "index.html", text: "bad"), OutputFile(path: "../escape.html", text: "x")])
        }
        #expect(folder.read("_site/index.html") == "good")
        #expect(!folder.list().contains { $0.contains("galgen-tmp") })
    }

    @Test func leftoversOfAKilledBuildAreCleared() throws {
        let folder = try TemporaryFolder()
        try folder.write("._site.galgen-tmp/half.jpg", "partial")
        try SiteWriter(output: folder.path + "/_site").write([OutputFile(path: "index.html", text: "ok")])
        #expect(folder.list() == ["_site", "_site/.galgen-site", "_site/index.html"])
    }

    @Test func readErrorsSayWhatIsWrong() throws {
        #expect { try FileSystem.read("/nonexistent/galgen/photo.jpg", limit: .photo) } throws: { "\($0)".contains("no such file") }
    }
}
