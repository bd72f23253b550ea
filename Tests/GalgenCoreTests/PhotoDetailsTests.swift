import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// A photo page's details panel and a video page's line: the facts as a photographer reads them,
/// only the parts `details:` shows, in the site's language, never a place.
@Suite("The details panel")
struct PhotoDetailsTests {
    /// The Nikon D3100 fixture's facts (ExifTool: 55 mm, 82 mm in 35 mm, f/8, 1/200 s, ISO 400, +2/3 EV).
    static let nikon: PhotoFacts = {
        var facts = PhotoFacts(takenAt: "2010:12:02 13:18:23", make: "NIKON CORPORATION", model: "NIKON D3100",
                               exposureTime: .init(10, 2000), fNumber: 8, iso: 400, focalLength: 55)
        (facts.focalLength35mm, facts.exposureBias, facts.flashFired) = (82, 2.0 / 3, false)
        (facts.lensMake, facts.lensModel, facts.offsetTimeOriginal) = ("Nikon", "AF-S DX Nikkor 18-55mm f/3.5-5.6G VR", "+01:00")
        return facts
    }()

    func rows(_ facts: PhotoFacts, groups: Set<DetailGroup> = DetailGroup.all, language: String = "en") -> [String] {
        PhotoDetails.rows(facts, width: 4608, height: 3072, groups: groups, labels: Labels(SiteLanguage(tag: language)))
            .map { "\($0.label): \($0.value)" }
    }

    @Test func everyPartInOrder() {
        #expect(rows(Self.nikon) == [
            "Camera: NIKON D3100", "Lens: Nikon AF-S DX Nikkor 18-55mm f/3.5-5.6G VR", "Focal length: 55 mm (82 mm in 35 mm)",
            "Aperture: f/8", "Shutter: 1/200 s", "ISO: 400", "Exposure compensation: +0.7 EV",
            "Taken: 2010-12-02 13:18 (UTC+01:00)", "Size: 4608 × 3072",
        ])
    }

    @Test func onlyTheGroupsAsked() {
        #expect(rows(Self.nikon, groups: [.camera, .size]) == ["Camera: NIKON D3100", "Size: 4608 × 3072"])
        #expect(rows(Self.nikon, groups: [.lens]) == ["Lens: Nikon AF-S DX Nikkor 18-55mm f/3.5-5.6G VR", "Focal length: 55 mm (82 mm in 35 mm)"])
        #expect(rows(Self.nikon, groups: []).isEmpty)
    }

    @Test func whatSaysNothingIsLeftOut() {
        var facts = Self.nikon
        // No compensation, a flash that did not fire, a 35 mm equivalent that is the focal length
        // itself, a lens that only repeats the camera, an offset that is no offset: no row, no text.
        (facts.exposureBias, facts.flashFired, facts.focalLength35mm) = (0, false, 55)
        (facts.lensMake, facts.lensModel, facts.offsetTimeOriginal) = ("NIKON CORPORATION", "NIKON D3100", "24:00")
        #expect(rows(facts) == ["Camera: NIKON D3100", "Focal length: 55 mm", "Aperture: f/8", "Shutter: 1/200 s", "ISO: 400",
                                "Taken: 2010-12-02 13:18", "Size: 4608 × 3072"])
        #expect(rows(PhotoFacts()) == ["Size: 4608 × 3072"])
    }

    @Test func aFlashThatFiredAndANegativeCompensation() {
        var facts = PhotoFacts()
        (facts.flashFired, facts.exposureBias) = (true, -4.0 / 3)
        #expect(rows(facts, groups: [.exposure]) == ["Exposure compensation: −1.3 EV", "Flash: Fired"])
    }

    @Test(arguments: [("+02:00", "UTC+02:00"), ("-05:00", "UTC−05:00"), ("+00:00", "UTC"), ("+05:45", "UTC+05:45"),
                      ("+2:00", nil), ("+19:00", nil), ("+02:60", nil), ("Z", nil), ("", nil)] as [(String, String?)])
    func zones(_ written: String, _ shown: String?) {
        var facts = PhotoFacts()
        facts.offsetTimeOriginal = written
        #expect(facts.zoneText == shown)
    }

    @Test func inTheSitesLanguage() {
        #expect(rows(Self.nikon, groups: [.lens, .time], language: "de") == [
            "Objektiv: Nikon AF-S DX Nikkor 18-55mm f/3.5-5.6G VR", "Brennweite: 55 mm (82 mm KB-äquivalent)",
            "Aufgenommen: 2. Dez. 2010, 13:18 (UTC+01:00)",
        ])
        #expect(rows(Self.nikon, groups: [.camera], language: "ja") == ["カメラ: NIKON D3100"])
    }

    /// German and French write a decimal comma in galgen's own numbers, never in a lens's name;
    /// English, Japanese and Arabic keep the full stop.
    @Test func decimalCommasWhereTheLanguageWritesThem() {
        var facts = Self.nikon
        (facts.fNumber, facts.focalLength, facts.focalLength35mm, facts.exposureTime) = (1.8, 4.2, 26, .init(8, 10))
        let german = rows(facts, groups: [.lens, .exposure], language: "de")
        #expect(german.contains("Blende: f/1,8") && german.contains("Belichtungskorrektur: +0,7 EV"), "\(german)")
        #expect(german.contains { $0.hasPrefix("Brennweite: 4,2 mm") } && german.contains("Objektiv: Nikon AF-S DX Nikkor 18-55mm f/3.5-5.6G VR"),
                "\(german)")
        #expect(rows(facts, groups: [.exposure], language: "fr").contains { $0.contains("f/1,8") })
        for language in ["en", "ja", "ar"] {
            #expect(rows(facts, groups: [.exposure], language: language).contains { $0.contains("f/1.8") }, "\(language)")
        }
        let details = VideoDetails(duration: 42.4, width: 1920, height: 1080, frameRate: 29.97, codec: "hevc", hasAudio: true)
        #expect(PhotoDetails.videoLine(details, facts: facts, width: 1920, height: 1080, groups: [.exposure],
                                       labels: Labels(SiteLanguage(tag: "de"))) == "29,97 fps · HEVC")
    }

    @Test func aVideosLine() {
        var facts = PhotoFacts(takenAt: "2023:07:14 18:32:05", make: "Apple", model: "iPhone 14")
        facts.offsetTimeOriginal = "+02:00"
        let details = VideoDetails(duration: 42.4, width: 1920, height: 1080, frameRate: 29.97, codec: "hevc", hasAudio: true, hdr: .hlg)
        let line = { (groups: Set<DetailGroup>) in
            PhotoDetails.videoLine(details, facts: facts, width: 1080, height: 1920, groups: groups, labels: .standard)
        }
        #expect(line(DetailGroup.all) == "0:42 · 1080 × 1920 · 29.97 fps · HEVC · HDR · 2023-07-14 18:32 (UTC+02:00) · Apple iPhone 14")
        #expect(line([.time]) == "0:42 · 2023-07-14 18:32 (UTC+02:00)")
        #expect(line([]) == nil)
    }

    @Test(arguments: [(30.0, "30 fps"), (29.97003, "29.97 fps"), (23.976, "23.98 fps"), (25.5, "25.5 fps"), (60.04, "60.04 fps"),
                      (0, nil), (.nan, nil)] as [(Double, String?)])
    func frameRates(_ rate: Double, _ shown: String?) {
        #expect(PhotoDetails.frameRate(rate) == shown)
    }

    @Test func codecsAsPeopleNameThem() {
        #expect(["h264", "hevc", "mpeg4", "mjpeg", "prores", "theora", " ", "gif", "apng", "webp"].map(PhotoDetails.codecName)
            == ["H.264", "HEVC", "MPEG-4 Part 2", "Motion JPEG", "ProRes", "THEORA", nil, "GIF", "APNG", "WebP"])
    }
}

@Suite("details: in gallery.yml")
struct DetailsConfigTests {
    func gallery(_ text: String) throws -> Gallery { try ConfigParser.parse(text, directory: "/site") }

    @Test func siteAlbumAndPhotoLevels() throws {
        #expect(try gallery("images: [a.jpg]\n").details == DetailGroup.all)
        let parsed = try gallery("""
            details: [camera, exposure]
            albums:
              - title: One
                details: false
                images:
                  - a.jpg
                  - src: b.jpg
                    details: [time, size]
              - title: Two
                images: [c.jpg]
            """)
        #expect(parsed.details == [.camera, .exposure])
        #expect(parsed.albums[0].details == [] && parsed.albums[1].details == nil)
        #expect(parsed.albums[0].images.map(\.details) == [nil, [.time, .size]])
        #expect(try gallery("details: true\nimages: [a.jpg]\n").details == DetailGroup.all)
    }

    @Test(arguments: [
        ("details: camera\nimages: [a.jpg]\n", "'details' must be true, false or a list of camera, lens, exposure, time, size"),
        ("details: [camera, gps]\nimages: [a.jpg]\n", "gps"),
        ("details: [camera, camera]\nimages: [a.jpg]\n", "camera"),
    ])
    func wrongValuesSayWhatIsAllowed(_ text: String, _ said: String) {
        do {
            _ = try ConfigParser.parse(text, directory: "/site")
            Issue.record("parsed")
        } catch {
            let message = "\(error)"
            #expect(message.contains(said) && message.contains("gallery.yml:1:"), "\(message)")
        }
    }
}
