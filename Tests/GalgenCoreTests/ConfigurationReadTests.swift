import GalgenBuild
import GalgenCore
import GalgenSiteTemplate
import Testing

/// gallery.yml is read once per build: `SiteBuild` reads it through its pipeline (to hash it for
/// the last-build check) and hands what it got, bytes or the failure, to `load`, which does not
/// read it again.
struct ConfigurationReadTests {
    let recorder = Recorder()

    func pipeline(config: String?) -> BuildPipeline {
        let recorder = recorder
        let effects = BuildEffects(
            readFile: { path, _ in
                recorder.read(path)
                guard let config else { throw FakeError(description: "no such file: \(path)") }
                return Array(config.utf8)
            },
            loadTemplate: { _ in LoadedTemplate(BuiltInTemplate.template) },
            report: { recorder.report($0) })
        return BuildPipeline(configPath: "/site/gallery.yml", jobs: 1, renderer: PipelineHarness.fakeRenderer(recorder),
                             effects: effects, generator: "galgen test")
    }

    @Test func theBytesAlreadyReadAreLoadedWithoutReadingAgain() throws {
        let pipeline = pipeline(config: "title: Once\nimages: []\n")
        let read = Result { () throws(BuildError) in try pipeline.readConfiguration() }
        let loaded = try pipeline.load(read)
        #expect(loaded.gallery.title == "Once")
        #expect(recorder.reads == ["/site/gallery.yml"])
    }

    @Test func aFailedReadIsReportedAsTheConfigurationStageFailingWithoutReadingAgain() throws {
        let pipeline = pipeline(config: nil)
        let read = Result { () throws(BuildError) in try pipeline.readConfiguration() }
        #expect(throws: BuildError.self) { try pipeline.load(read) }
        guard case .failure(.configUnreadable) = read else { Issue.record("not unreadable: \(read)"); return }
        #expect(recorder.reads == ["/site/gallery.yml"])
        #expect(recorder.events.first == BuildStage.configuration.event)
    }
}
