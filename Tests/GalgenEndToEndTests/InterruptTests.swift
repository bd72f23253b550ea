import Foundation
import GalgenTestSupport
import Testing

@Suite
struct InterruptTests {
    @Test func ctrlCLeavesThePreviousSiteAndNoTemporaryFiles() throws {
        let project = try TestProject("title: Before\nimages: []\n")
        #expect(try Galgen.run(["build"], in: project.path).status == 0)
        // Three copies of the 14 MP photo first (distinct bytes): seconds of work on one thread.
        let big = try Fixtures.writeFullSizePhotos(3, to: project.path(""))
        let photos = big.map { "  - \($0)" } + Fixtures.names(in: "photos").map { "  - " + Fixtures.root + "/photos/" + $0 }
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
