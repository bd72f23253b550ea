import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenTestSupport
import Testing

/// The site writer takes the site a batch at a time (`SiteWriter.open`): each batch is on disk
/// when `add` returns, so the pipeline need not hold the whole site in memory.
struct SiteWriterSessionTests {
    static func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64) ?? nil
    }

    @Test func eachBatchIsStagedWhenHandedOverAndTheSiteSwappedInAtTheEnd() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(output: folder.path + "/_site")
        try writer.write([OutputFile(path: "index.html", text: "old")])
        let site = try writer.open()
        try site.add([OutputFile(path: "a/index.html", text: "album a")])
        // On disk beside the output, not in memory; the output is still the old site.
        #expect(folder.read("._site.galgen-tmp/a/index.html") == "album a")
        #expect(folder.list("_site") == [".galgen-site", "index.html"])
        try site.add([OutputFile(path: "index.html", text: "new"), OutputFile(path: "b/index.html", text: "album b")])
        #expect(try site.finish())
        #expect(folder.list("_site") == [".galgen-site", "a", "a/index.html", "b", "b/index.html", "index.html"])
        #expect(folder.read("_site/index.html") == "new")
        #expect(!folder.list().contains { $0.contains("galgen-tmp") })
    }

    @Test func theSameFilesAgainWriteNothingAndUnchangedFilesAreLinkedIntoANewSite() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(output: folder.path + "/_site")
        let files = [OutputFile(path: "index.html", text: "front"), OutputFile(path: "a/index.html", text: "album a")]
        try writer.write(files)
        let inode = Self.inode(folder.path + "/_site/index.html")
        let unchanged = try writer.open()
        for file in files { try unchanged.add([file]) }
        // Nothing staged while every file matches the current site.
        #expect(!folder.list().contains { $0.contains("galgen-tmp") })
        #expect(try !unchanged.finish())
        // A later batch that differs: the earlier, unchanged files are linked in then.
        let changed = try writer.open()
        try changed.add([files[0]])
        try changed.add([OutputFile(path: "a/index.html", text: "album a, edited")])
        #expect(try changed.finish())
        #expect(folder.read("_site/index.html") == "front" && folder.read("_site/a/index.html") == "album a, edited")
        #expect(Self.inode(folder.path + "/_site/index.html") == inode)
    }

    /// Hosts serve `.galgen-site` with the site: it names no file of an unlisted album, yet a
    /// change to one still changes it (and so the site is written again). Their lines are kept in
    /// the cache, so an unchanged site is still not written again.
    @Test func theMarkerNamesNoUnlistedFolderYetFollowsItsFiles() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(output: folder.path + "/_site", unlistedManifest: folder.path + "/cache/site.unlisted")
        let hidden = ["family-k3j9x0q2ma/", "images/family-k3j9x0q2ma/"]
        func build(_ page: String) throws -> Bool {
            let site = try writer.open()
            try site.add([OutputFile(path: "index.html", text: "front"), OutputFile(path: "family-k3j9x0q2ma/index.html", text: page),
                          OutputFile(path: "images/family-k3j9x0q2ma/a-400.jpg", text: "jpeg"), OutputFile(path: "images/trips/b-400.jpg", text: "b")])
            site.unlisted(hidden)
            return try site.finish()
        }
        #expect(try build("family"))
        let marker = try #require(folder.read("_site/.galgen-site"))
        #expect(!marker.contains("k3j9x0q2ma") && !marker.contains("family"), "\(marker)")
        #expect(marker.contains(" index.html\n") && marker.contains(" images/trips/b-400.jpg\n"))
        #expect(marker.hasSuffix(" 2 (files of unlisted albums)\n"), "\(marker)")
        #expect(folder.read("_site/family-k3j9x0q2ma/index.html") == "family")
        #expect(try !build("family"), "the same files again: nothing written")
        #expect(folder.read("cache/site.unlisted")?.contains(" family-k3j9x0q2ma/index.html\n") == true)
        #expect(try build("family, edited") && folder.read("_site/family-k3j9x0q2ma/index.html") == "family, edited")
        #expect(folder.read("_site/.galgen-site") != marker)
        // A manifest that is not the marker's (another site's, edited) is not trusted: written anew.
        try folder.write("cache/site.unlisted", "0000 4 family-k3j9x0q2ma/index.html\n")
        #expect(try build("family, edited") && folder.read("_site/family-k3j9x0q2ma/index.html") == "family, edited")
    }

    @Test func anAbandonedSiteLeavesTheOutputAsItWas() throws {
        let folder = try TemporaryFolder()
        let writer = SiteWriter(output: folder.path + "/_site")
        try writer.write([OutputFile(path: "index.html", text: "good")])
        let site = try writer.open()
        try site.add([OutputFile(path: "index.html", text: "half")])
        site.cancel()
        #expect(folder.read("_site/index.html") == "good")
        #expect(!folder.list().contains { $0.contains("galgen-tmp") })
        #expect(throws: (any Error).self) { try site.add([OutputFile(path: "b.html", text: "late")]) }
        // A file outside the output abandons the site too.
        let escaping = try writer.open()
        #expect(throws: (any Error).self) { try escaping.add([OutputFile(path: "../escape.html", text: "x")]) }
        #expect(!folder.list().contains { $0.contains("galgen-tmp") || $0.contains("escape") })
        #expect(folder.read("_site/index.html") == "good")
    }
}

/// The site's stamps are taken as each file is written or linked, not by a `stat` of every path
/// at the end: they must still be the files' stamps once the site is in place.
struct SiteStampsTests {
    @Test func theRecordedStampsAreTheWrittenCopiedAndLinkedFilesStamps() throws {
        let folder = try TemporaryFolder()
        let stamps = StampFile(path: folder.path + "/cache/site.stamps")
        let writer = SiteWriter(output: folder.path + "/_site", stamps: stamps)
        try folder.write("cache/rendition.jpg", "kept rendition bytes")
        let kept = OutputFile(path: "images/photo.jpg", file: folder.path + "/cache/rendition.jpg",
                              digest: ContentHash.hex(Array("kept rendition bytes".utf8)), byteCount: 20)
        try writer.write([OutputFile(path: "index.html", text: "front"), OutputFile(path: "a/index.html", text: "album a"), kept])
        func check(_ paths: [String]) throws {
            let recorded = StampFile(path: stamps.path).load()
            #expect(recorded.keys.sorted() == paths.sorted())
            for (path, stamp) in recorded {
                // The file itself (inode, device), as it was last written (size, modification time).
                #expect(FileStamp.of(folder.path + "/_site/" + path).map(stamp.sameContents) == true, "\(path)")
            }
        }
        try check(["index.html", "a/index.html", "images/photo.jpg", ".galgen-site"])
        // A second site: one file new, the others linked from the first (new change times).
        try writer.write([OutputFile(path: "index.html", text: "front"), OutputFile(path: "a/index.html", text: "album a, again"), kept])
        try check(["index.html", "a/index.html", "images/photo.jpg", ".galgen-site"])
        #expect(writer.isIntact())
    }

    /// The stamps file lists the site's files in path order, the marker's line where its name
    /// sorts among them (`-` sorts before its `.`), each once.
    @Test func theStampsAreInPathOrderWithTheMarkersAmongThem() throws {
        let folder = try TemporaryFolder()
        let stamps = StampFile(path: folder.path + "/cache/site.stamps")
        let writer = SiteWriter(output: folder.path + "/_site", stamps: stamps)
        let paths = ["index.html", "-x/index.html", "a/index.html", "!.html", "Z.html", "é/index.html"]
        try writer.write(paths.map { OutputFile(path: $0, text: "page " + $0) })
        let text = try String(contentsOfFile: stamps.path, encoding: .utf8)
        let names = text.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 4).last.map(String.init) ?? "" }
        #expect(names == (paths + [".galgen-site"]).sorted())
        #expect(names.firstIndex(of: ".galgen-site") == 2, "after !.html and -x/index.html: \(names)")
    }
}
