import GalgenCore

extension BuildPipeline {
    /// Every remote source in the plan, fetched at once (a merge's downloads: nothing is rendered).
    func fetchRemote(_ plan: BuildPlan, settings: DownloadSettings) async -> [String: Result<FetchedSource, FetchProblem>] {
        let urls = plan.sources.compactMap { planned -> String? in
            if case let .remote(url) = planned.source { url } else { nil }
        }
        return urls.isEmpty ? [:] : await effects.fetchRemote(urls, settings) { _, _ in }
    }

    /// Reuses the stored rendering of these exact source bytes and settings (`lookUp`), or
    /// renders what is missing and keeps it. `needsLocation`: originals are published, so a kept
    /// image that predates galgen's check of every metadata block for a location
    /// (`RenderedImage.location` nil) or that did not note its format (`sourceFormat`) is
    /// rendered again rather than trusted.
    func renderOne(_ planned: PlannedSource, request: RenditionRequest,
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
