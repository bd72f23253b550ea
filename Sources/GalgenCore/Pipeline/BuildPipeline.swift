/// The whole build, one named stage after another:
/// read → parse → plan → fetch → load + render images → present → render site → write.
public struct BuildPipeline: Sendable {
    public var configPath: String
    /// At most this many images are decoded at once.
    public var jobs: Int
    public var renderer: ImageRenderer
    public var effects: BuildEffects
    public var generator: String

    public init(configPath: String, jobs: Int, renderer: ImageRenderer, effects: BuildEffects, generator: String) {
        self.configPath = configPath
        self.jobs = max(1, jobs)
        self.renderer = renderer
        self.effects = effects
        self.generator = generator
    }

    static let stages = ["Reading configuration", "Planning", "Downloading", "Rendering images", "Rendering pages", "Writing site"]

    public func run() async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        let gallery = try readGallery()
        step(2)
        let plan = Planner.plan(gallery)
        step(3)
        let fetched = await fetchRemote(plan, settings: gallery.download)
        step(4)
        let (rendered, failures) = await renderImages(plan, fetched: fetched)
        step(5)
        let template: SiteTemplate
        do {
            template = try effects.loadTemplate(gallery.templatePath.map { resolve($0) })
        } catch let error as TemplateError {
            throw .template(error)
        } catch {
            throw .template(.unreadable(path: gallery.templatePath ?? "built-in", reason: "\(error)"))
        }
        let pages = Presenter.present(gallery: gallery, plan: plan, rendered: rendered.mapValues(\.image), generator: generator)
        let files: [OutputFile]
        let pagesRendered: Int
        do {
            let pageFiles = try renderSite(pages, template: template)
            pagesRendered = pageFiles.rendered
            files = pageFiles.files + Self.imageFiles(plan, rendered, store: effects.renditions)
        } catch {
            throw .template(error)
        }
        step(6)
        let changed: Bool
        do {
            changed = try effects.writeSite(files)
            try effects.renditions.finish(Set(rendered.values.map(\.key)))
        } catch {
            throw .write(reason: "\(error)")
        }
        var summary = BuildSummary(imagesBuilt: rendered.count, failures: failures, filesWritten: changed ? files.count : 0,
                                   pages: pages.count, imagesReused: rendered.values.filter(\.reused).count, siteChanged: changed)
        summary.pagesRendered = pagesRendered
        summary.inputs = [configPath] + (gallery.templatePath.map { [resolve($0)] } ?? []) + plan.sources.compactMap { planned in
            if case let .local(_, resolved) = planned.source { return resolved }
            return nil
        }
        summary.record = Self.record(plan: plan, rendered: rendered, fetched: fetched, failures: failures, files: files, changed: changed,
                                     generator: generator, milliseconds: (ContinuousClock.now - started).milliseconds)
        return summary
    }

    /// Pages whose key (template + view model) is in the page cache are taken from it.
    private func renderSite(_ pages: [PageViewModel], template: SiteTemplate) throws(TemplateError) -> (files: [OutputFile], rendered: Int) {
        let templateDigest = PageKey.templateDigest(template)
        var keys: [String: String] = [:]
        var cached: [OutputFile] = []
        for page in SiteRenderer.linkAssets(pages, template: template) {
            let key = PageKey.make(templateDigest: templateDigest, page: page)
            if let file = effects.pages.lookup(key, page.path) { cached.append(file) } else { keys[page.path] = key }
        }
        let rendered = try SiteRenderer.render(pages, template: template, renderingOnly: Set(keys.keys))
        for file in rendered { if let key = keys[file.path] { effects.pages.keep(key, file) } }
        return (cached + rendered, keys.count)
    }

    private func step(_ number: Int) {
        effects.report(.stage(number: number, of: Self.stages.count, name: Self.stages[number - 1]))
    }

    private func readGallery() throws(BuildError) -> Gallery {
        step(1)
        let bytes: [UInt8]
        do {
            bytes = try effects.readFile(configPath)
        } catch {
            throw .configUnreadable(path: configPath, reason: "\(error)")
        }
        let name = configPath.split(separator: "/").last.map(String.init) ?? configPath
        do {
            return try ConfigParser.parse(String(decoding: bytes, as: UTF8.self), file: name, directory: directory)
        } catch {
            throw .config(error)
        }
    }

    private var directory: String {
        guard let slash = configPath.lastIndex(of: "/") else { return "." }
        return configPath[..<slash].isEmpty ? "/" : String(configPath[..<slash])
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : directory + "/" + path
    }

    /// Rendition files: in memory when just rendered without a store, else linked from the store.
    static func imageFiles(_ plan: BuildPlan, _ rendered: [ImageSource: KeyedImage], store: RenditionStore) -> [OutputFile] {
        plan.sources.flatMap { planned in
            (rendered[planned.source]?.image.renditions ?? []).map { rendition in
                let path = RenditionNaming.path(stem: planned.outputStem, width: rendition.width, digest: rendition.digest)
                return rendition.jpeg.isEmpty
                    ? OutputFile(path: path, file: store.path(rendition.digest), digest: rendition.digest, byteCount: rendition.byteCount)
                    : OutputFile(path: path, bytes: rendition.jpeg)
            }
        }
    }
}

extension BuildPipeline {
    static func record(plan: BuildPlan, rendered: [ImageSource: KeyedImage], fetched: [String: Result<FetchedSource, FetchProblem>],
                       failures: [ImageFailure], files: [OutputFile],
                       changed: Bool, generator: String, milliseconds: Int) -> BuildRecord {
        let failed = Dictionary(failures.map { ($0.source, $0.reason) }) { first, _ in first }
        let images = plan.sources.map { planned -> BuildRecord.Image in
            let kept = rendered[planned.source]
            var warnings = kept?.image.warnings ?? []
            if case let .remote(url) = planned.source, case let .success(source)? = fetched[url], let warning = source.warning {
                warnings.insert(warning, at: 0)
            }
            let outputs = (kept?.image.renditions ?? []).map { rendition in
                BuildRecord.Output(path: RenditionNaming.path(stem: planned.outputStem, width: rendition.width, digest: rendition.digest),
                                   width: rendition.width, height: rendition.height, bytes: rendition.byteCount)
            }
            return BuildRecord.Image(
                source: planned.source.description, location: "\(planned.location)", digest: kept?.sourceDigest,
                reused: kept?.reused ?? false, milliseconds: kept?.milliseconds ?? 0,
                outputs: outputs, warnings: warnings, error: failed[planned.source.description])
        }
        let totals = BuildRecord.Totals(
            images: images.count, reused: images.filter(\.reused).count, failed: failures.count, outputFiles: files.count,
            outputBytes: files.map(\.byteCount).reduce(0, +), siteChanged: changed, milliseconds: milliseconds)
        return BuildRecord(generator: generator, images: images, totals: totals)
    }
}

extension Duration {
    var milliseconds: Int { Int(components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000) }
}

/// A rendered image and the rendition-store key it is kept under.
struct KeyedImage: Sendable {
    var key: String
    var image: RenderedImage
    var sourceDigest: String
    /// Taken from the store without decoding.
    var reused: Bool
    var milliseconds: Int
}
