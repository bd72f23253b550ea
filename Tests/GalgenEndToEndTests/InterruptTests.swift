import Foundation
import GalgenTestSupport
import Testing

@Suite(.enabled(if: Fixtures.available))
struct InterruptTests {
    @Test func ctrlCLeavesThePreviousSiteAndNoTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("gallery.yml", "title: Before\nimages: []\n")
        #expect(try Galgen.run(["build"], in: folder.path).status == 0)
        let photos = Fixtures.names(in: "photos").map { "  - " + Fixtures.root + "/photos/" + $0 }
        try folder.write("gallery.yml", "title: After\nimages:\n" + photos.joined(separator: "\n") + "\n")

        let process = try Galgen.start(["build", "--quiet", "--jobs", "1"], in: folder.path)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(process.isRunning, "the build finished before it could be interrupted")
        process.interrupt()
        process.waitUntilExit()

        #expect(process.terminationStatus == 130)
        #expect(folder.read("_site/index.html")?.contains("<title>Before</title>") == true)
        #expect(!folder.list().contains { $0.contains("galgen-tmp") })
    }
}
