import Foundation
import GalgenTestSupport
import Testing

@Suite
struct InterruptTests {
    @Test func ctrlCLeavesThePreviousSiteAndNoTemporaryFiles() throws {
        let project = try TestProject("title: Before\nimages: []\n")
        #expect(try Galgen.run(["build"], in: project.path).status == 0)
        // The 14 MP photo first, under three names: seconds of work on one thread.
        for index in 1...3 {
            try FileManager.default.copyItem(atPath: Fixtures.root + "/" + Fixtures.fullSizePhoto, toPath: project.path("big\(index).jpg"))
        }
        let photos = (1...3).map { "  - big\($0).jpg" } + Fixtures.names(in: "photos").map { "  - " + Fixtures.root + "/photos/" + $0 }
        try project.writeGallery("title: After\nimages:\n" + photos.joined(separator: "\n") + "\n")

        let process = try Galgen.start(["build", "--quiet", "--jobs", "1"], in: project.path)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning, "the build finished before it could be interrupted")
        process.interrupt()
        process.waitUntilExit()

        #expect(process.terminationStatus == 130)
        #expect(project.siteFile("index.html")?.contains("<title>Before</title>") == true)
        #expect(!project.list().contains { $0.contains("galgen-tmp") })
    }
}
