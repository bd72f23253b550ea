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
            guard case let .remote(url) = planned.source, case .failure = fetched[url] else { return nil }
            return planned.downloadFailure(fetched)
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
                group.addTask { (next.planned, await self.renderOne(next.planned, request: plan.request(for: next.planned), fetched: fetched, needsLocation: needsLocation)) }
            }
            while let (planned, result) = await group.next() {
                switch result {
                case let .success(keyed):
                    rendered[planned.source] = keyed
                    for warning in keyed.image.warnings {
                        effects.report(.imageWarning(source: planned.source.description, message: warning))
                    }
                    effects.report(.imageBuilt(source: planned.source.description, done: rendered.count + failures.count, total: total))
                case let .failure(failure):
                    failures.append(failure)
                    effects.report(.imageFailed(failure, done: rendered.count + failures.count, total: total))
                }
                if let next = pending.next() {
                    effects.report(.imageStarted(source: next.planned.source.description, weight: next.weight))
                    group.addTask { (next.planned, await self.renderOne(next.planned, request: plan.request(for: next.planned), fetched: fetched, needsLocation: needsLocation)) }
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
        let sources = weighed(sources, sizes: sources.map { $0.localPath(fetched).flatMap(effects.fileSize) }, request: request)
        guard jobs > 1, sources.count > jobs else { return sources }
        return sources.indices.sorted { (sources[$0].size ?? 0, $1) > (sources[$1].size ?? 0, $0) }.map { sources[$0] }
    }

    /// Every remote source in the plan, fetched at once before any image is decoded.
    func fetchRemote(_ plan: BuildPlan, settings: DownloadSettings) async -> [String: Result<FetchedSource, FetchProblem>] {
        let urls = plan.sources.compactMap { planned -> String? in
            if case let .remote(url) = planned.source { url } else { nil }
        }
        return urls.isEmpty ? [:] : await effects.fetchRemote(urls, settings)
    }

    /// Reuses the stored rendering of these exact source bytes and settings (`lookUp`), or
    /// renders what is missing and keeps it.
    private func renderOne(_ planned: PlannedSource, request: RenditionRequest,
                           fetched: [String: Result<FetchedSource, FetchProblem>], needsLocation: Bool) async -> Result<KeyedImage, ImageFailure> {
        guard let path = planned.localPath(fetched) else { return .failure(planned.downloadFailure(fetched)) }
        // A cancelled build (serve's background formats, replaced by a newer build) starts no more.
        if Task.isCancelled { return .failure(planned.failure("the build was cancelled")) }
        switch lookUp(planned, path: path, request: request, needsLocation: needsLocation) {
        case let .kept(keyed): return .success(await withEmbeddedMotion(keyed, planned, request: request))
        case let .photo(photo):
            switch await make(photo, planned, request: request) {
            case let .success(keyed): return .success(await withEmbeddedMotion(keyed, planned, request: request))
            case let .failure(failure): return .failure(failure)
            }
        case let .video(video): return await make(video, request: request)
        case let .failed(failure): return .failure(failure)
        }
    }

    /// The photo's missing formats rendered from its bytes and kept; why not, when they cannot be.
    private func make(_ photo: PhotoToMake, _ planned: PlannedSource, request: RenditionRequest) async -> Result<KeyedImage, ImageFailure> {
        let bytes: [UInt8]
        do {
            bytes = try photo.source.bytes ?? effects.readFile(photo.path, .photo)
        } catch {
            return .failure(planned.failure("cannot read the file: \(error)"))
        }
        var missingRequest = request
        missingRequest.formats = photo.missing
        let peak = renderer.peakBytes(bytes, missingRequest)
        await memory.reserve(peak)
        let rendering = Result { try renderer.render(bytes, missingRequest) }
        await memory.release(peak)
        var image: RenderedImage
        do {
            image = try rendering.get()
        } catch {
            return .failure(planned.failure("\(error)"))
        }
        image.media = .photo(embeddedMotion: MotionPhoto.embeddedVideo(in: bytes))
        var made = photo
        do {
            try made.pictures.keep(image, rendered: photo.missing, in: effects.renditions)
        } catch {
            return .failure(planned.failure(error.description))
        }
        return .success(made.keyed(reused: false))
    }
}
