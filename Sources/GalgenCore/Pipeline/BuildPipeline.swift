/// The whole build, one named stage after another:
/// configuration (+ template) → plan (+ output layout) → download → render images → present →
/// render pages → write. No stage calls back into an earlier one.
public struct BuildPipeline: Sendable {
    public var configPath: String
    /// At most this many images are decoded at once.
    public var jobs: Int
    public var renderer: ImageRenderer
    public var effects: BuildEffects
    public var generator: String
    /// Where `~/…` in gallery.yml leads (the user's home folder), if known.
    public var home: String?
    /// What the image jobs may hold in memory together.
    public var memory = MemoryBudget()

    public init(configPath: String, jobs: Int, renderer: ImageRenderer, effects: BuildEffects, generator: String, home: String? = nil) {
        self.configPath = configPath
        self.home = home
        self.jobs = max(1, jobs)
        self.renderer = renderer
        self.effects = effects
        self.generator = generator
    }

    /// `load`, then `build`.
    public func run() async throws(BuildError) -> BuildSummary {
        try await build(try load())
    }

    /// Everything after the configuration, one stage after another.
    public func build(_ loaded: LoadedGallery) async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        let gallery = loaded.gallery
        let plan = try stage(.planning) { Planner.plan(gallery) }
        effects.report(BuildStage.downloading.event)
        let fetched = await fetchRemote(plan, settings: gallery.download)
        effects.report(BuildStage.renderingImages.event)
        let (rendered, failures) = await renderImages(plan, fetched: fetched, needsLocation: gallery.viewer.originals)
        let originals = Originals.published(plan: plan, rendered: rendered, settings: gallery.viewer, fileSize: effects.fileSize)
        for (source, warning) in originals.warnings { effects.report(.imageWarning(source: source.description, message: warning)) }
        let pages = try stage(.renderingPages) {
            Presenter.present(gallery: gallery, plan: plan, rendered: rendered.mapValues(\.image), generator: generator,
                              originals: originals.paths)
        }
        let (pageFiles, pagesRendered) = renderPages(pages, template: loaded.template)
        let files = pageFiles + Self.imageFiles(plan, rendered) + originals.files
        let changed = try stage(.writing) { () throws(BuildError) in try write(files, keeping: Set(rendered.values.flatMap(\.keys))) }
        var summary = BuildSummary(imagesBuilt: rendered.count, failures: failures, filesWritten: changed ? files.count : 0,
                                   pages: pages.count, imagesReused: rendered.values.filter(\.reused).count, siteChanged: changed)
        summary.pagesRendered = pagesRendered
        summary.inputs = loaded.inputs + plan.sources.compactMap { planned in
            if case let .local(_, resolved) = planned.source { return resolved }
            return nil
        }
        summary.remoteSources = plan.sources.count { if case .remote = $0.source { true } else { false } }
        summary.record = Self.record(plan: plan, rendered: rendered, fetched: fetched, failures: failures, files: files, changed: changed,
                                     generator: generator, milliseconds: (ContinuousClock.now - started).milliseconds)
        return summary
    }

    private func stage<T>(_ stage: BuildStage, _ body: () throws(BuildError) -> T) throws(BuildError) -> T {
        effects.report(stage.event)
        return try body()
    }

    /// Pages whose key (template + view model) is in the page cache are taken from it.
    private func renderPages(_ pages: [PageViewModel], template: CompiledTemplate) -> (files: [OutputFile], rendered: Int) {
        var keys: [String: String] = [:]
        var cached: [OutputFile] = []
        for page in SiteRenderer.linkAssets(pages, template: template.source) {
            let key = PageKey.make(templateDigest: template.digest, page: page)
            if let file = effects.pages.lookup(key, page.path) { cached.append(file) } else { keys[page.path] = key }
        }
        let rendered = SiteRenderer.render(pages, template: template, renderingOnly: Set(keys.keys))
        for file in rendered { if let key = keys[file.path] { effects.pages.keep(key, file) } }
        return (cached + rendered, keys.count)
    }

    /// The site, then the rendition store told which entries this build used.
    private func write(_ files: [OutputFile], keeping keys: Set<String>) throws(BuildError) -> Bool {
        do {
            let changed = try effects.writeSite(files)
            try effects.renditions.finish(keys)
            return changed
        } catch {
            throw .write(reason: "\(error)")
        }
    }

    /// Rendition files, where the plan's layout puts them, with their content in memory or in the store.
    static func imageFiles(_ plan: BuildPlan, _ rendered: [ImageSource: KeyedImage]) -> [OutputFile] {
        plan.sources.flatMap { planned in
            (rendered[planned.source]?.image.allRenditions ?? []).map { rendition in
                OutputFile(path: planned.path(of: rendition), rendition: rendition)
            }
        }
    }
}

extension Duration {
    var milliseconds: Int { Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) }
}

/// A rendered image and the rendition-store key it is kept under.
struct KeyedImage: Sendable {
    /// The store's key of each format's renditions.
    var keys: [String]
    var image: RenderedImage
    var sourceDigest: String
    /// The source's bytes on this machine: the file, or a download's cached copy.
    var sourcePath: String
    /// Taken from the store without decoding.
    var reused: Bool
    var milliseconds: Int
}
