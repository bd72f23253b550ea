import GalgenCore

/// The whole build, one named stage after another:
/// configuration (+ template) → plan (+ output layout) → download → render images → present →
/// render pages → write, the last three an album at a time (`writeSite`). No stage calls back
/// into an earlier one.
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
    /// ffprobe and ffmpeg, for the videos (none: each video fails with how to install ffmpeg).
    public var videoTools = VideoTools.missing
    /// The machine's cores, shared among the jobs by each transcode (`TranscodeJob.threads`).
    public var cores = 2
    /// `galgen serve`'s first look: an image that must be rendered gets only its fallback format
    /// (JPEG) now, and the site is written with it; the other formats are left for a build
    /// without this flag (`BuildSummary.later`). `galgen build` always writes every format.
    public var formatsLater = false
    /// Makes (or finds in the cache) each album's zip for `downloads: zip`; none without a cache.
    public var albumZips = AlbumZipMaker.none
    /// Private albums' sealed files kept between builds (`SealedFileKeeper`).
    public var sealedFiles = SealedFileKeeper.none
    /// One machine (`whole`), one shard of a split build, or the merge of the shards' caches.
    public var shards = ShardRole.whole
    /// `galgen build`: the process ends with this build, so what the build held is not freed
    /// at its end (`KeptUntilExit`).
    public var endsProcess = false

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
        var loaded = loaded
        loaded.gallery = try addressUnlisted(loaded.gallery)
        let seals: [PrivateSeal]
        (loaded.gallery, seals) = try addressPrivate(loaded.gallery)
        if case let .shard(shard) = shards { return try await buildShard(loaded, shard) }
        let started = ContinuousClock.now
        let planned = try stage(.planning) { Planner.plan(loaded.gallery) }
        effects.renditions.foldShards()
        let made: MadeItems
        let missing: MissingShardItems?
        if let merge = merging {
            (made, missing) = try await mergeItems(planned, gallery: loaded.gallery, merge)
        } else {
            made = try await makeItems(planned, gallery: loaded.gallery)
            missing = nil
        }
        // The cache keeps what the items used while the site is presented and written: neither
        // reads the other (the site's renditions are copied from files it keeps), and a site
        // that cannot be put in place leaves a cache that is true for this gallery.yml.
        let usedKeys = Set(made.rendered.values.flatMap(\.keys))
        do {
            return try alongside({ [effects] in try effects.finishCache(usedKeys) }) { () throws(BuildError) in
                try publish(made, loaded: loaded, seals: seals, missing: missing, started: started)
            }
        } catch let error as BuildError {
            throw error
        } catch {
            throw .write(reason: "\(error)")
        }
    }

    /// The made items presented, their site written, and the build summed up.
    private func publish(_ made: MadeItems, loaded: LoadedGallery, seals: [PrivateSeal], missing: MissingShardItems?,
                         started: ContinuousClock.Instant) throws(BuildError) -> BuildSummary {
        // From here on, a Live Photo named apart is one item (`pairLivePhotos`).
        let (whole, plan, fetched, rendered, renderFailures) = (made.gallery, made.plan, made.fetched, made.rendered, made.failures)
        // What anyone may see; each private album is a site of its own, sealed (`PrivateSplit`).
        let gallery = seals.isEmpty ? whole : PrivateSplit.publicGallery(whole)
        let shown = seals.isEmpty ? plan : PrivateSplit.plan(plan, showing: gallery)
        let originals = Originals.published(plan: shown, rendered: rendered, settings: gallery.viewer, snapshot: effects.snapshotOriginal,
                                            recheck: merging != nil, locate: effects.locateOriginal)
        for (source, warning) in originals.warnings { effects.report(.imageWarning(source: source.description, message: warning)) }
        for failure in originals.failures { effects.report(.imageFailed(failure, done: plan.sources.count, total: plan.sources.count)) }
        var failures = renderFailures + originals.failures
        let zips = try makeZips(gallery, plan: shown, rendered: rendered, originals: originals)
        var presentation = SitePresentation(gallery: gallery, plan: shown, generator: generator, originals: originals.paths) {
            rendered[$0]?.image
        }
        presentation.downloads = Dictionary(zips.map { ($0.zip.album, $0.zip) }) { first, _ in first }
        presentation.lockedAlbums = PrivateSplit.lockedAlbums(whole)
        let (privateSites, privateZips, privateFailures) = try privateSites(seals, gallery: whole, plan: plan, rendered: rendered,
                                                                            publicSources: Set(shown.sources.map(\.source)))
        failures += privateFailures
        let site = try writeSite(presentation, template: loaded.template,
                                 files: { Self.imageFiles(shown, rendered) + originals.files + zips.map(\.file) },
                                 privateSites: privateSites,
                                 leakCheck: seals.isEmpty ? nil : PrivateLeakCheck(whole: whole, publicGallery: gallery, seals: seals) {
                                     rendered[$0]?.image
                                 })
        do {
            try albumZips.finish(Set(zips.map(\.zip.key) + privateZips))
        } catch {
            effects.report(.imageWarning(source: "album zips", message: "the cache kept old zips it could not remove: \(error)"))
        }
        do {
            try sealedFiles.finish(site.sealedIDs)
        } catch {
            effects.report(.imageWarning(source: "private albums", message: "the cache kept old sealed files it could not remove: \(error)"))
        }
        var summary = BuildSummary(imagesBuilt: rendered.count, failures: failures, filesWritten: site.changed ? site.files : 0,
                                   pages: site.pages, imagesReused: rendered.values.filter(\.reused).count, siteChanged: site.changed)
        summary.pagesRendered = site.pagesRendered
        summary.missing = missing
        summary.later = FormatsLater.summary(rendered.values.map(\.later), formats: plan.request.formats)
        summary.inputs = loaded.inputs + plan.sources.compactMap { planned in
            if case let .local(_, resolved) = planned.source { return resolved }
            return nil
        }
        summary.privateAlbums = seals.count
        summary.remoteSources = plan.sources.count { if case .remote = $0.source { true } else { false } }
        summary.record = Self.record(plan: plan, rendered: rendered, fetched: fetched, failures: failures, site: site,
                                     generator: generator, milliseconds: (ContinuousClock.now - started).milliseconds)
        if endsProcess { KeptUntilExit.keep(presentation, rendered, plan, whole, fetched, originals) }
        return summary
    }

    /// What the item stages hand on: the gallery and plan with Live Photos named apart paired
    /// (`pairLivePhotos`), the downloads, each item's kept or made files, and what failed.
    struct MadeItems {
        var gallery: Gallery
        var plan: BuildPlan
        var fetched: [String: Result<FetchedSource, FetchProblem>]
        var rendered: [ImageSource: KeyedImage]
        var failures: [ImageFailure]
    }

    /// Download, render (and probe), pair Live Photos named apart and transcode the plan's
    /// items, in one pool (`runItems`). Cancelled (serve's background formats, replaced by a newer
    /// build): the site stays as it was, and what was rendered is kept for the build that replaces this one.
    func makeItems(_ plan: BuildPlan, gallery: Gallery, shard: Bool = false) async throws(BuildError) -> MadeItems {
        let made = await runItems(plan, gallery: gallery, shard: shard)
        if Task.isCancelled {
            try? effects.saveRendered()
            throw .cancelled
        }
        return made
    }

    private func stage<T>(_ stage: BuildStage, _ body: () throws(BuildError) -> T) throws(BuildError) -> T {
        effects.report(stage.event)
        return try body()
    }

    /// Rendition files, where the plan's layout puts them, with their content in memory or in the store.
    static func imageFiles(_ plan: BuildPlan, _ rendered: [ImageSource: KeyedImage]) -> [OutputFile] {
        plan.sources.flatMap { planned -> [OutputFile] in
            guard let image = rendered[planned.source]?.image else { return [] }
            let pictures = image.allRenditions.map { OutputFile(path: planned.path(of: $0), rendition: $0) }
            switch image.media {
            case .photo:
                return pictures
            case let .video(details):
                let videos = details.files.map { OutputFile(path: planned.path(of: $0), file: $0) }
                // A Live Photo's movie is shown in place of its still: its own poster is not published.
                return planned.video.isMotion ? videos : pictures + videos
            case let .live(motion):
                // A Motion Photo's motion is published beside its still; a paired movie's, as its own item's.
                guard case .embedded = motion.origin else { return pictures }
                return pictures + motion.details.files.map { OutputFile(path: planned.motionPath(of: $0), file: $0) }
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
    /// A video's MP4s still to encode (`runItems`).
    var pending: [PendingTranscode] = []
    /// Formats requested but left for a later build (`BuildPipeline.formatsLater`).
    var later: [OutputFormat] = []
    /// Behind a reference: 441 bytes inline, empty for every photo, in a value the build holds
    /// per item (a merge of 100,000 items held 170 MB of them in one dictionary's storage).
    private var videoToMake: Box<VideoToMake>?

    init(keys: [String], image: RenderedImage, sourceDigest: String, sourcePath: String, reused: Bool, milliseconds: Int,
         later: [OutputFormat] = []) {
        self.keys = keys
        self.image = image
        self.sourceDigest = sourceDigest
        self.sourcePath = sourcePath
        self.reused = reused
        self.milliseconds = milliseconds
        self.later = later
    }

    /// A video's poster and what its MP4s' keys need: its outputs are looked up again as a
    /// motion's when it turns out to be a Live Photo's (`pairLivePhotos`).
    var video: VideoToMake? {
        get { videoToMake?.value }
        set { videoToMake = newValue.map(Box.init) }
    }
}
