import Foundation
import GalgenTestSupport
import Testing

/// The output folder and the cache against damaged state: a damaged rendition, edits to the
/// site, a symlinked output, overlapping folders, a second build on the same output, leftovers
/// of an earlier process with our pid, and the moment of the swap.
@Suite
struct OutputSafetyTests {
    static let gallery = "title: Safe\nthumbnails: { widths: [200], formats: [jpeg] }\nimages:\n  - photos/a.jpg\n"

    func project() throws -> TestProject {
        try TestProject(Self.gallery, photos: ["a.jpg": "orientation/Landscape_1.jpg"])
    }

    /// The one rendition in the cache.
    func cachedRendition(_ project: TestProject) throws -> String {
        let names = TestProject.names(in: project.cache + "/renditions").filter { $0.hasSuffix(".jpg") }
        try #require(names.count == 1)
        return project.cache + "/renditions/" + names[0]
    }

    @Test func aDamagedRenditionInTheCacheIsRenderedAgainNotPublished() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let rendition = try cachedRendition(project)
        let good = try Data(contentsOf: URL(fileURLWithPath: rendition))
        #expect(truncate(rendition, 0) == 0)
        try FileManager.default.removeItem(atPath: project.site)

        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: rendition)) == good, "the damaged file is replaced")
        let published = try #require(project.siteFiles("images").first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.site + "/images/" + published)) == good)
        #expect(Fingerprints.mismatched(under: project.site).isEmpty)
    }

    @Test func editingASiteImageInPlaceDoesNotChangeTheCache() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let rendition = try cachedRendition(project)
        let before = try Data(contentsOf: URL(fileURLWithPath: rendition))
        let published = try #require(project.siteFiles("images").first)
        // An optimiser rewriting the file in place (same inode).
        let handle = try #require(FileHandle(forWritingAtPath: project.site + "/images/" + published))
        try handle.write(contentsOf: Data("not a jpeg any more".utf8))
        try handle.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: rendition)) == before)
    }

    @Test func editsToTheSiteDoNotSurviveARebuild() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let clean = try Self.contents(of: project.site)
        // In-place edits that keep each file's size: a page, and an image.
        let page = project.site + "/index.html"
        let image = project.site + "/images/" + (try #require(project.siteFiles("images").first))
        for path in [page, image] {
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[bytes.count / 2] ^= 0x20
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: bytes)
            try handle.close()
        }
        for _ in 0..<2 {
            let result = try await project.build()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.contents(of: project.site) == clean, "an edit to the site survived a rebuild")
        }
    }

    /// Every file of a folder with its bytes.
    static func contents(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            }
        }
        return files
    }

    @Test func aSymlinkedOutputStaysALinkAndItsTargetGetsTheSite() async throws {
        let project = try project()
        try FileManager.default.createDirectory(atPath: project.path("real-site"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.site, withDestinationPath: project.path("real-site"))
        for _ in 0..<2 {
            let result = try await project.build()
            #expect(result.status == 0, "\(result.stderr)")
            let type = try FileManager.default.attributesOfItem(atPath: project.site)[.type] as? FileAttributeType
            #expect(type == .typeSymbolicLink)
            #expect(FileManager.default.fileExists(atPath: project.path("real-site/index.html")))
        }
    }

    @Test("Overlapping cache and output are refused before anything is written", arguments: [
        ("_site/cache", "_site"), ("out", "out/inner"), ("same", "same"),
    ])
    func overlappingFoldersAreRefused(_ cache: String, _ output: String) async throws {
        let project = try project()
        let result = try await project.build(["--cache-dir", project.path(cache), "--output", project.path(output)])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was written"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path(cache)))
        #expect(!FileManager.default.fileExists(atPath: project.path(output)))
    }

    @Test func twoBuildsWithDifferentCachesDoNotWriteTheSameOutputAtOnce() async throws {
        let project = try project()
        // Another build holds the output's lock (taken on the folder that holds the output).
        let lock = open(project.path, O_RDONLY | O_DIRECTORY)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX | LOCK_NB) == 0)
        let result = try await project.buildWithBinary(["--no-wait", "--cache-dir", project.path("other-cache")])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("_site"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.site))
    }

    @Test func aLeftoverOfAnEarlierProcessWithOurPidNeitherBlocksNorStays() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        // What an earlier build in a container (pid 1 each time) would leave: our pid, another run.
        let leftover = project.cache + "/renditions/.partial-\(getpid())-earlierrun-1"
        try Data("half".utf8).write(to: URL(fileURLWithPath: leftover))
        try project.writeGallery(Self.gallery.replacingOccurrences(of: "[200]", with: "[300]"))
        let result = try await project.build()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }

    /// What makes a kill at any instant safe: the only system call that changes the output path
    /// is one exchange of the old and new sites. (The watcher test below cannot catch a gap
    /// between two renames reliably; the system calls show it every time.)
    #if os(Linux)
    @Test func theOutputIsChangedByOneExchangeAndNothingElse() async throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "install strace (make test does) to run this test")
        let project = try project()
        #expect(try await project.build().status == 0)
        try project.writeGallery(Self.gallery + "description: changed\n")
        let trace = project.path("renames.trace")
        let result = try await Galgen.runAsync(
            ["-f", "-qq", "-e", "trace=rename,renameat,renameat2,rmdir,unlink,unlinkat", "-o", trace, Galgen.binary, "build"],
            in: project.path, program: strace)
        #expect(result.status == 0, "\(result.stderr)")
        let site = "\"" + project.site + "\""
        let calls = Self.wholeCalls(try String(contentsOfFile: trace, encoding: .utf8))
            .filter { $0.contains(site + ",") || $0.contains(site + ")") }
        #expect(calls.count == 1, "\(calls.joined(separator: "\n"))")
        #expect(calls.allSatisfy { $0.contains("renameat2(") && $0.contains("RENAME_EXCHANGE") && $0.hasSuffix("= 0") },
                "\(calls.joined(separator: "\n"))")
    }

    /// strace's lines with each call whole: a call another thread interrupted is printed as
    /// `PID name(args <unfinished ...>` and later `PID <... name resumed>) = 0`; they are joined.
    static func wholeCalls(_ trace: String) -> [String] {
        var pending: [Substring: String] = [:]
        var calls: [String] = []
        for line in trace.split(separator: "\n") {
            let pid = line.prefix { $0 != " " }
            if line.hasSuffix(" <unfinished ...>") {
                pending[pid] = String(line.dropLast(" <unfinished ...>".count))
            } else if let resumed = line.range(of: " resumed>"), line.contains("<... "), let start = pending.removeValue(forKey: pid) {
                calls.append(start + line[resumed.upperBound...])
            } else {
                calls.append(String(line))
            }
        }
        return calls + pending.values
    }

    @Test func anInterruptedCallIsReadWhole() {
        let trace = """
        20139 renameat2(AT_FDCWD, "/t/.s", AT_FDCWD, "/t/_site", RENAME_EXCHANGE <unfinished ...>
        20140 unlinkat(AT_FDCWD, "/t/x", 0) = 0
        20139 <... renameat2 resumed>) = 0
        """
        #expect(Self.wholeCalls(trace) == [
            "20140 unlinkat(AT_FDCWD, \"/t/x\", 0) = 0",
            "20139 renameat2(AT_FDCWD, \"/t/.s\", AT_FDCWD, \"/t/_site\", RENAME_EXCHANGE) = 0",
        ])
    }
    #endif

    @Test func theOutputPathNamesASiteAtEveryInstantOfARebuild() async throws {
        let project = try project()
        #expect(try await project.build().status == 0)
        let watching = Watcher(path: project.site + "/index.html")
        let watch = Thread { watching.run() }
        watch.start()
        for quality in 60..<66 {
            try project.writeGallery(Self.gallery + "description: Q\(quality)\n")
            #expect(try await project.build().status == 0)
        }
        watching.stop()
        #expect(watching.checks > 100)
        #expect(watching.misses == 0, "the site was missing at \(watching.misses) of \(watching.checks) looks")
    }
}

/// Looks for a file as fast as it can, on its own thread, until stopped.
final class Watcher: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var stopped = false
    private var counts = (checks: 0, misses: 0)

    var checks: Int { lock.withLock { counts.checks } }
    var misses: Int { lock.withLock { counts.misses } }

    init(path: String) { self.path = path }

    func run() {
        var info = stat()
        while !lock.withLock({ stopped }) {
            let found = stat(path, &info) == 0
            lock.withLock {
                counts.checks += 1
                if !found { counts.misses += 1 }
            }
        }
    }

    func stop() {
        lock.withLock { stopped = true }
        Thread.sleep(forTimeInterval: 0.01)
    }
}
