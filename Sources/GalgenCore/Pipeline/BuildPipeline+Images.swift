extension BuildPipeline {
    /// Loads and renders every planned source, at most `jobs` at a time, so no
    /// more than `jobs` sources and their decoded pixels are in memory at once, and
    /// together no more than the memory budget allows.
    /// `needsLocation`: originals are published, so a kept image that predates galgen's check of
    /// every metadata block for a location (`RenderedImage.location` nil) or that did not note its
    /// format (`sourceFormat`) is rendered again rather than trusted.
    func renderImages(_ plan: BuildPlan, fetched: [String: Result<FetchedSource, FetchProblem>], needsLocation: Bool = false) async
        -> ([ImageSource: KeyedImage], [ImageFailure]) {
        var rendered: [ImageSource: KeyedImage] = [:]
        // Sources that could not be downloaded were reported by the download stage already.
        var failures: [ImageFailure] = plan.sources.compactMap { planned in
            guard case let .remote(url) = planned.source, case let .failure(problem) = fetched[url] else { return nil }
            return ImageFailure(source: planned.source.description, location: planned.location, reason: "download failed: \(problem)")
        }
        let renderable = largestFirst(plan.sources.filter { planned in
            guard case let .remote(url) = planned.source else { return true }
            if case .success = fetched[url] { return true }
            return fetched[url] == nil
        }, fetched: fetched, request: plan.request)
        let total = plan.sources.count
        effects.report(.renderingStarted(total: total, done: failures.count, weight: renderable.reduce(0) { $0 + $1.weight }))
        await withTaskGroup(of: (PlannedSource, Result<KeyedImage, ImageFailure>).self) { group in
            var pending = renderable.makeIterator()
            for _ in 0..<jobs {
                guard let next = pending.next() else { break }
                effects.report(.imageStarted(source: next.planned.source.description, weight: next.weight))
                group.addTask { (next.planned, await self.renderOne(next.planned, request: plan.request, fetched: fetched, needsLocation: needsLocation)) }
            }
            while let (planned, result) = await group.next() {
                switch result {
                case let .success(keyed):
                    if let notMade = keyed.motionNotMade {
                        // A merge without the Motion Photo's motion its shard made: settled later.
                        failures.append(notMade)
                        break
                    }
                    rendered[planned.source] = keyed
                    for warning in keyed.image.warnings {
                        effects.report(.imageWarning(source: planned.source.description, message: warning))
                    }
                    effects.report(.imageBuilt(source: planned.source.description, done: rendered.count + failures.count, total: total))
                case let .failure(failure) where failure.missingFromShards:
                    failures.append(failure)
                case let .failure(failure):
                    failures.append(failure)
                    effects.report(.imageFailed(failure, done: rendered.count + failures.count, total: total))
                }
                if let next = pending.next() {
                    effects.report(.imageStarted(source: next.planned.source.description, weight: next.weight))
                    group.addTask { (next.planned, await self.renderOne(next.planned, request: plan.request, fetched: fetched, needsLocation: needsLocation)) }
                }
            }
        }
        effects.report(.renderingFinished)
        failures.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return (rendered, failures)
    }

    /// The largest files first (ties in gallery order): with several jobs, a big photo started
    /// last would leave the other jobs idle while it finishes alone. Each with its estimated work
    /// from the same sizes (`weighed`).
    private func largestFirst(_ sources: [PlannedSource], fetched: [String: Result<FetchedSource, FetchProblem>],
                              request: RenditionRequest) -> [WeighedSource] {
        let sources = weighed(sources, sizes: sources.map { localPath(of: $0, fetched: fetched).flatMap(effects.fileSize) }, request: request)
        guard jobs > 1, sources.count > jobs else { return sources }
        return sources.indices.sorted { (sources[$0].size ?? 0, $1) > (sources[$1].size ?? 0, $0) }.map { sources[$0] }
    }

    /// Where a source's bytes are on this machine: the file itself, or a download's cached copy.
    private func localPath(of planned: PlannedSource, fetched: [String: Result<FetchedSource, FetchProblem>]) -> String? {
        switch planned.source {
        case let .local(_, resolved): resolved
        case let .remote(url): if case let .success(cached) = fetched[url] { cached.path } else { nil }
        }
    }

    /// Every remote source in the plan, fetched at once before any image is decoded.
    func fetchRemote(_ plan: BuildPlan, settings: DownloadSettings) async -> [String: Result<FetchedSource, FetchProblem>] {
        let urls = plan.sources.compactMap { planned -> String? in
            if case let .remote(url) = planned.source { url } else { nil }
        }
        return urls.isEmpty ? [:] : await effects.fetchRemote(urls, settings)
    }

    /// Reuses the stored rendering of these exact source bytes and settings, or renders and keeps it.
    private func renderOne(_ planned: PlannedSource, request: RenditionRequest,
                           fetched: [String: Result<FetchedSource, FetchProblem>], needsLocation: Bool) async -> Result<KeyedImage, ImageFailure> {
        let failure = { (reason: String) in
            ImageFailure(source: planned.source.description, location: planned.location, reason: reason)
        }
        guard let path = localPath(of: planned, fetched: fetched) else {
            var problem = FetchProblem.connection("it was not downloaded")
            if case let .remote(url) = planned.source, case let .failure(failed) = fetched[url] { problem = failed }
            return .failure(failure("download failed: \(problem)"))
        }
        // A cancelled build (serve's background formats, replaced by a newer build) starts no more.
        if Task.isCancelled { return .failure(failure("the build was cancelled")) }
        let store = effects.renditions
        let started = ContinuousClock.now
        let sourceDigest: String, source: SourceDigest
        do {
            source = try effects.sourceDigest(path)
            sourceDigest = source.digest
            if source.kind == .video {
                return await renderVideo(planned, path: path, sourceDigest: sourceDigest, request: request, started: started)
            }
        } catch {
            return .failure(failure("cannot read the file: \(error)"))
        }
        // Each format is kept on its own: only the formats the store lacks are encoded.
        var pictures = PictureFormats(request: request, sourceDigest: sourceDigest, generator: generator, store: store)
        if needsLocation, pictures.kept.values.contains(where: { $0.location == nil || $0.sourceFormat == nil }) { pictures.kept = [:] }
        if pictures.kept.values.contains(where: \.metadata.isOutdated) {
            pictures.kept = rereadMetadata(pictures.kept, keys: pictures.keys, bytes: { try source.bytes ?? effects.readFile(path, .photo) })
        }
        let (missing, later) = FormatsLater.split(missing: pictures.missing, of: request.formats, deferring: formatsLater)
        let keyed = { (pictures: PictureFormats, reused: Bool) -> KeyedImage in
            KeyedImage(keys: pictures.orderedKeys, image: pictures.combined, sourceDigest: sourceDigest, sourcePath: path, reused: reused,
                       milliseconds: (ContinuousClock.now - started).milliseconds, later: later)
        }
        if missing.isEmpty { return .success(await withEmbeddedMotion(keyed(pictures, true), planned, request: request)) }
        if merging != nil { return .failure(notMadeByShards(planned)) }
        let bytes: [UInt8]
        do {
            bytes = try source.bytes ?? effects.readFile(path, .photo)
        } catch {
            return .failure(failure("cannot read the file: \(error)"))
        }
        var missingRequest = request
        missingRequest.formats = missing
        let peak = renderer.peakBytes(bytes, missingRequest)
        await memory.reserve(peak)
        let rendering = Result { try renderer.render(bytes, missingRequest) }
        await memory.release(peak)
        var image: RenderedImage
        do {
            image = try rendering.get()
        } catch {
            return .failure(failure("\(error)"))
        }
        image.embeddedVideo = MotionPhoto.embeddedVideo(in: bytes)
        do {
            try pictures.keep(image, rendered: missing, in: store)
        } catch {
            return .failure(failure(error.description))
        }
        return .success(await withEmbeddedMotion(keyed(pictures, false), planned, request: request))
    }

    /// A kept rendering whose metadata an older reader read (before tags, say) gets it read again
    /// from the file and kept so: a JPEG's segments are read without decoding a pixel, so a cache
    /// from before is not rendered again. A format whose metadata needs a render (or a file that
    /// cannot be read) gives nothing kept: it is rendered.
    private func rereadMetadata(_ kept: [OutputFormat: RenderedImage], keys: [OutputFormat: String],
                                bytes: () throws -> [UInt8]) -> [OutputFormat: RenderedImage] {
        guard let source = try? bytes(), let metadata = renderer.readMetadata(source) else { return [:] }
        var refreshed = kept
        for (format, image) in kept {
            var image = image
            image.metadata = metadata
            refreshed[format] = keys[format].flatMap { try? effects.renditions.keep($0, image) } ?? image
        }
        return refreshed
    }
}
