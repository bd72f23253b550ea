import Foundation
import GalgenCore
import GalgenTestSupport
import Testing
@testable import GalgenApp

/// `galgen init --from` on a phone's export counts its videos beside its photos (issue 27:
/// before, `Found 7 photos … (skipped 3 other files)` and every video vanished).
@Suite struct InitFromVideosTests {
    static func survey(_ files: [String]) -> PhotoSurvey {
        PhotoSurvey(FolderListing(files: files.map { ListedFile($0) }))
    }

    @Test func theSurveyCountsVideosApartAndNotAsOtherFiles() {
        let survey = Self.survey(["IMG_1.HEIC", "IMG_1.MOV", "IMG_2.jpg", "Day 2/clip.mp4", "Day 2/clip.mp4.yml", "x.MKV", "a.webm",
                                  "notes.txt"])
        #expect(survey.photos == 2 && survey.videos == 4 && survey.items == 6)
        #expect(survey.others == 1, "the sidecar of a video is not another file")
        #expect(survey.itemsAtTop == 5 && survey.foldersWithItems == 2)
        #expect(survey.leftOut == "1 other file")
        #expect(survey.itemsText == "2 photos and 4 videos")
    }

    @Test(arguments: [
        (["a.mov"], "1 video"), (["a.mov", "b.MP4"], "2 videos"), (["a.jpg"], "1 photo"), (["a.jpg", "b.mov"], "1 photo and 1 video"),
        (["a.jpg", "b.png", "c.avi", "d.3gp", "e.m4v"], "2 photos and 3 videos"),
    ])
    func theSummaryNamesEachKindWithItsCount(files: [String], found: String) {
        #expect(ProjectSetup.summary(Self.survey(files), folder: "Trip", directory: ".").hasPrefix("Found \(found) in Trip.\n"))
    }

    /// A folder of videos only is a gallery too; folders holding only videos are albums.
    @Test func videosAloneMakeAStarter() throws {
        let flat = try FolderStarter.decide(folder: "/p/Trip", directory: "/p", survey: Self.survey(["a.MOV"]), shown: "Trip").get()
        #expect(flat.layout == .images)
        let albums = try FolderStarter.decide(folder: "/p/Trip", directory: "/p", survey: Self.survey(["d1/a.mov", "d2/b.jpg"]),
                                              shown: "Trip").get()
        #expect(albums.layout == .albums)
    }

    @Test func aPhonesExportIsFoundWithItsVideos() throws {
        let project = try TemporaryFolder()
        for name in ["Trip/IMG_2928.HEIC", "Trip/IMG_2929.HEIC", "Trip/IMG_2929.MOV", "Trip/IMG_3005.MOV", "Trip/IMG_3006.JPG",
                     "Trip/Day 2/clip.mp4", "Trip/Day 2/b.MKV", "Trip/Day 2/c.jpg", "Trip/notes.pdf"] {
            try project.write(name, "not read")
        }
        let result = try Galgen.run(["init", "--from", "Trip"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Found 4 photos and 4 videos in 2 folders under Trip (skipped 1 other file).\n"
            + "1 of the videos is a Live Photo's movie, which plays in its photo's place.\nWrote"),
                "\(result.stdout)")
    }

    @Test func aFolderWithOneVideoSaysSo() throws {
        let project = try TemporaryFolder()
        try project.write("clips/one.mp4", "not read")
        let result = try Galgen.run(["init", "--from", "clips"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Found 1 video in clips.\n"), "\(result.stdout)")
    }
}
