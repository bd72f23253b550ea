import Foundation
import GalgenTestSupport
import Testing

/// `galgen build` (the real binary) with `base_url`: the feeds it writes, read back by a real
/// feed reader library, Python's feedparser, from the test venv (`make test-venv`).
@Suite(.serialized)
struct FeedBuildTests {
    static let metadata = Galgen.packageRoot + "/Tests/Fixtures/metadata/"
    static let python = Galgen.packageRoot + "/.build/test-venv/bin/python"

    static let gallery = """
        title: Coast & "friends"
        base_url: https://example.com/photos/
        feeds: { limit: 10 }
        thumbnails: { widths: [120, 240], formats: [jpeg] }
        albums:
          - title: Été à Zürich
            slug: summer
            sort: date
            images:
              - src: photos/paris.jpg
                slug: paris
                title: Paris <by night> & "more"
                caption: Crème brûlée — 東京 & <b>bold</b>
              - photos/tokyo.jpg
          - title: Night
            images: [photos/unzoned.jpg]
          - title: Secret
            slug: secret
            unlisted: true
            images: [photos/hidden.jpg]
        """

    /// A project with the dated photos of Tests/Fixtures/metadata: Tokyo 01:00 UTC, the unzoned
    /// one 05:00 (read as UTC), Paris 07:00, all on one day.
    static func project(_ yaml: String) throws -> TestProject {
        let project = try TestProject(yaml)
        try FileManager.default.createDirectory(atPath: project.path("photos"), withIntermediateDirectories: true)
        for (name, fixture) in ["paris": "tz_paris", "tokyo": "tz_tokyo", "unzoned": "tz_unzoned", "hidden": "tz_paris"] {
            try FileManager.default.copyItem(atPath: metadata + fixture + ".jpg", toPath: project.path("photos/\(name).jpg"))
        }
        return project
    }

    /// What feedparser makes of each feed file: its `bozo` flag, the feed's fields and entries.
    static func feedparser(_ paths: [String]) throws -> [String: [String: Any]] {
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "\(python) is missing: run `make test-venv` (make test creates it) for feedparser")
        let script = """
            import json, sys
            try:
                import feedparser
            except ImportError:
                sys.exit("feedparser is not in the test venv: run `make test-venv`")
            out = {}
            for path in sys.argv[1:]:
                d = feedparser.parse(path)
                out[path] = {"bozo": int(d.bozo), "problem": str(d.get("bozo_exception", "")), "version": d.version,
                    "id": d.feed.get("id"), "title": d.feed.get("title"), "author": d.feed.get("author"),
                    "updated": d.feed.get("updated"), "language": d.feed.get("language"),
                    "links": sorted([l.get("rel"), l.get("href")] for l in d.feed.get("links", [])),
                    "entries": [{"id": e.get("id"), "title": e.get("title"), "summary": e.get("summary"), "link": e.get("link"),
                                 "published": e.get("published"), "updated": e.get("updated"),
                                 "enclosures": [[x.get("href"), x.get("type"), x.get("length")] for x in e.get("enclosures", [])],
                                 "content": "".join(c.value for c in e.get("content", []))} for e in d.entries]}
            print(json.dumps(out))
            """
        let result = try Galgen.run(["-c", script] + paths, in: Galgen.packageRoot, program: python)
        try #require(result.status == 0, "feedparser: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: Any]])
    }

    @Test func feedsAreReadBackByFeedparserWithoutComplaintAndStayTheSame() async throws {
        let project = try Self.project(Self.gallery)
        let first = try await project.buildWithBinary()
        #expect(first.status == 0, "\(first.stderr)")
        let feeds = project.siteFiles().filter { $0.hasSuffix("feed.xml") }
        #expect(feeds == ["feed.xml", "night/feed.xml", "summer/feed.xml"], "no feed for the unlisted album")
        let read = try Self.feedparser(feeds.map { project.path("_site/" + $0) })
        let site = try #require(read[project.path("_site/feed.xml")])
        #expect(site["bozo"] as? Int == 0, "\(site["problem"] ?? "")")
        #expect(site["version"] as? String == "atom10")
        #expect(site["id"] as? String == "tag:example.com,2026:/photos/" && site["title"] as? String == #"Coast & "friends""#)
        #expect(site["author"] as? String == #"Coast & "friends""# && site["language"] as? String == "en")
        #expect(site["links"] as? [[String]] == [["alternate", "https://example.com/photos/"], ["self", "https://example.com/photos/feed.xml"]])
        let entries = try #require(site["entries"] as? [[String: Any]])
        // Newest first across the albums; the unlisted album's photo in none.
        #expect(entries.compactMap { $0["id"] as? String } == [
            "tag:example.com,2026:/photos/summer/paris", "tag:example.com,2026:/photos/night/unzoned", "tag:example.com,2026:/photos/summer/tokyo",
        ])
        let paris = entries[0]
        #expect(paris["title"] as? String == #"Paris <by night> & "more""#)
        #expect((paris["summary"] as? String)?.hasPrefix("Crème brûlée — 東京") == true)
        #expect(paris["link"] as? String == "https://example.com/photos/summer/paris/")
        #expect(paris["published"] as? String == paris["updated"] as? String && (paris["updated"] as? String)?.hasSuffix("Z") == true)
        #expect(site["updated"] as? String == paris["updated"] as? String)
        // Each enclosure is a JPEG of the site, with its size in bytes; the content shows it.
        for entry in entries {
            let enclosures = try #require(entry["enclosures"] as? [[String]])
            #expect(enclosures.count == 1 && enclosures[0][1] == "image/jpeg")
            let href = enclosures[0][0], prefix = "https://example.com/photos/"
            #expect(href.hasPrefix(prefix + "images/") && href.contains("-240."))
            let file = project.path("_site/" + href.dropFirst(prefix.count))
            let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
            #expect(size != nil && enclosures[0][2] == "\(size ?? -1)")
            #expect((entry["content"] as? String)?.contains(#"src="\#(href)""#) == true)
        }
        let summer = try #require(read[project.path("_site/summer/feed.xml")])
        #expect(summer["bozo"] as? Int == 0 && summer["title"] as? String == "Été à Zürich — Coast & \"friends\"")
        #expect((summer["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String }.count == 2)
        // Every page links the site's feed; an album's pages their album's too.
        let photo = try #require(project.siteFile("summer/paris/index.html"))
        #expect(photo.contains(#"<link rel="alternate" type="application/atom+xml" title="Coast &amp; &quot;friends&quot;" href="../../feed.xml">"#))
        #expect(photo.contains(#"href="../../summer/feed.xml">"#))
        // A rebuild that runs the whole pipeline (--verbose) writes the same feeds, byte for byte.
        let before = feeds.map { project.siteFile($0) }
        let second = try await project.buildWithBinary(["--verbose"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(feeds.map { project.siteFile($0) } == before)
        #expect(second.stdout.contains("is up to date") || second.stderr.contains("is up to date"), "\(second.stdout)")
    }

    /// A video is shown by its poster (a JPEG rendition) and encloses its MP4.
    @Test(.enabled(if: VideoClips.available, "ffmpeg and ffprobe are not installed (make setup installs them)"))
    func aVideoIsItsPosterAndItsMP4() async throws {
        let project = try TestProject("""
            title: Clips
            base_url: https://example.com/
            video: { heights: [240] }
            thumbnails: { widths: [160, 320], formats: [jpeg] }
            images: [clip.mp4]
            """)
        try VideoClips.make("clip.mp4", in: project.path, VideoClips.sourceInputs(size: "480x270", seconds: 2) + VideoClips.h264)
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        let read = try Self.feedparser([project.path("_site/feed.xml")])
        let feed = try #require(read.values.first)
        #expect(feed["bozo"] as? Int == 0, "\(feed["problem"] ?? "")")
        let entry = try #require((feed["entries"] as? [[String: Any]])?.first)
        let enclosures = try #require(entry["enclosures"] as? [[String]])
        #expect(enclosures.map { $0[1] } == ["image/jpeg", "video/mp4"])
        for enclosure in enclosures {
            let file = project.path("_site/" + enclosure[0].dropFirst("https://example.com/".count))
            let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
            #expect(size != nil && enclosure[2] == "\(size ?? -1)", "\(enclosure)")
        }
        #expect(enclosures[0][0].contains("-320.") && enclosures[1][0].hasSuffix(".mp4"))
        #expect((entry["content"] as? String)?.contains(#"src="\#(enclosures[0][0])""#) == true)
        #expect((entry["content"] as? String)?.contains("0:02") == true)
    }

    @Test func withoutABaseURLABuildSaysWhyThereIsNoFeed() async throws {
        let project = try Self.project("title: Coast\nfeeds: true\nthumbnails: { widths: [120], formats: [jpeg] }\nimages: [photos/paris.jpg]\n")
        let result = try await project.buildWithBinary()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!project.siteFiles().contains("feed.xml"))
        let lines = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("feeds need base_url") }
        #expect(lines.count == 1, "\(result.stderr)")
        // A rebuild that changes nothing says it again.
        let again = try await project.buildWithBinary()
        #expect((again.stdout + again.stderr).contains("feeds need base_url"))
        try project.writeGallery("title: Coast\nthumbnails: { widths: [120], formats: [jpeg] }\nimages: [photos/paris.jpg]\n")
        let unasked = try await project.buildWithBinary()
        #expect(!(unasked.stdout + unasked.stderr).contains("feeds"))
    }
}
