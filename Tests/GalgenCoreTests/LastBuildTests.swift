@testable import GalgenBuild
@testable import GalgenCore
import Testing

/// What a finished build leaves for the next one: only a build a repeat would reproduce, under
/// a key that changes with anything it depends on but file stamps.
struct LastBuildTests {
    @Test("a build is kept only without failures or remote sources", arguments: [(0, 0, true), (1, 0, false), (0, 1, false)])
    func keptOnlyWhenRepeatable(failures: Int, remote: Int, kept: Bool) {
        var summary = BuildSummary(imagesBuilt: 2, failures: [], filesWritten: 3, pages: 1)
        summary.failures = Array(repeating: ImageFailure(source: "x.jpg", location: SourceLocation(file: "gallery.yml", line: 3, column: 5),
                                                         reason: "gone"), count: failures)
        summary.remoteSources = remote
        #expect((LastBuild(key: "k", summary: summary, warnings: []) != nil) == kept)
    }

    @Test func aReusedBuildReportsNothingRenderedOrWritten() throws {
        var summary = BuildSummary(imagesBuilt: 5, failures: [], filesWritten: 9, pages: 2)
        summary.inputs = ["/g/gallery.yml", "/g/a.jpg"]
        let reused = try #require(LastBuild(key: "k", summary: summary, warnings: [])).summary
        #expect(reused.imagesBuilt == 5 && reused.imagesReused == 5 && reused.pages == 2)
        #expect(reused.filesWritten == 0 && reused.pagesRendered == 0 && !reused.siteChanged)
        #expect(reused.inputs == summary.inputs && reused.record == nil)
    }

    @Test func theKeyChangesWithEveryPart() {
        let base = (config: "/g/gallery.yml", bytes: Array("title: A\n".utf8), output: "/g/_site", generator: "galgen 0.1.0", template: "t1")
        func key(_ parts: (config: String, bytes: [UInt8], output: String, generator: String, template: String)) -> String {
            LastBuild.key(config: parts.config, bytes: parts.bytes, output: parts.output, generator: parts.generator, templateDigest: parts.template)
        }
        var variants = [base]
        variants.append((base.config + "x", base.bytes, base.output, base.generator, base.template))
        variants.append((base.config, Array("title: B\n".utf8), base.output, base.generator, base.template))
        variants.append((base.config, base.bytes, "/g/site", base.generator, base.template))
        variants.append((base.config, base.bytes, base.output, "galgen 0.2.0", base.template))
        variants.append((base.config, base.bytes, base.output, base.generator, "t2"))
        // Parts cannot run into each other: "a" + "bc" is not "ab" + "c".
        variants.append(("/g/gallery.ym", base.bytes, "l" + base.output, base.generator, base.template))
        #expect(Set(variants.map(key)).count == variants.count)
        #expect(key(base) == key(base))
    }

    @Test func warningsAreTheOnesAReusedBuildRepeats() {
        #expect(LastBuild.warning(in: .imageWarning(source: "a.jpg", message: "has GPS")) == .image(source: "a.jpg", message: "has GPS"))
        #expect(LastBuild.warning(in: .templateFileSkipped(file: "t/x", reason: "r")) == .templateFile(file: "t/x", reason: "r"))
        #expect(LastBuild.warning(in: .templateFileUsed(file: "t/a.css", becomes: "assets/a.css")) == nil)
        for warning in [LastBuild.Warning.image(source: "a", message: "m"), .templateFile(file: "f", reason: "r")] {
            #expect(LastBuild.warning(in: LastBuild.event(warning)) == warning)
        }
    }
}
