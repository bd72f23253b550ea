import GalgenCore

/// The item stages as one pool (issue 42 §1, `ItemQueue`): remote sources download while local
/// ones render, each download's item renders once its bytes are here, and a video's MP4s are
/// encoded as soon as its item is settled: at once for a video that cannot turn out to be a Live
/// Photo's motion (it carries no content identifier), after the one pairing for the rest
/// (`pairLivePhotos`, once every item is rendered). At most `jobs` renders and transcodes run at
/// once, within the memory budget; downloads keep their own limits (`download.concurrency`,
/// `per_host`): they wait on the network, not on a core.
extension BuildPipeline {
    /// What finishes in the pool, told to its one loop.
    private enum ItemEvent: Sendable {
        case fetched(String, Result<FetchedSource, FetchProblem>)
        case fetchesEnded([String: Result<FetchedSource, FetchProblem>])
        case rendered(PlannedSource, Result<KeyedImage, ImageFailure>)
        case transcoded([(key: String, result: Result<VideoFile, any Error>)])
    }

    /// Download, render (and probe), pair Live Photos named apart and transcode, in one pool.
    func runItems(_ plan: BuildPlan, gallery: Gallery, shard: Bool) async -> MadeItems {
        let needsLocation = gallery.viewer.originals
        let sizes = plan.sources.map { planned -> Int? in
            if case .remote = planned.source { return nil }
            return planned.localPath([:]).flatMap(effects.fileSize)
        }
        let items = weighed(plan.sources, sizes: sizes, request: plan.request)
        var waiting: [String: [WeighedSource]] = [:]
        var urls: [String] = []
        var queue = ItemQueue(slots: jobs)
        var local: [WeighedSource] = []
        for item in items {
            guard case let .remote(url) = item.planned.source else {
                local.append(item)
                continue
            }
            if waiting[url] == nil { urls.append(url) }
            waiting[url, default: []].append(item)
        }
        queue.add(renders: local)
        effects.report(BuildStage.downloading.event)
        effects.report(BuildStage.renderingImages.event)
        let total = plan.sources.count
        effects.report(.renderingStarted(total: total, done: 0, weight: items.reduce(0) { $0 + $1.weight }))
        // Apart, not fields of one value: the closures below share them, and Swift checks each
        // shared variable's exclusive use whole (`pairLivePhotos` takes two of them at once).
        var fetchedSoFar: [String: Result<FetchedSource, FetchProblem>] = [:]
        var rendered: [ImageSource: KeyedImage] = [:]
        var failures: [ImageFailure] = []
        var paired = (gallery: gallery, plan: plan)
        var results: [String: Result<VideoFile, any Error>] = [:]
        var queued = Set<String>()
        var fetching = !urls.isEmpty
        var pairingDone = false
        let (events, sink) = AsyncStream.makeStream(of: ItemEvent.self)
        // Discarding: each job tells its end through `events`, so the group is never asked for
        // its children, and a plain task group keeps every finished child (about 14 KB of task
        // allocator each) until the pool ends: 1.4 GB for 100,000 items.
        await withDiscardingTaskGroup { group in
            func startWhatCan() {
                while let job = queue.next() {
                    switch job {
                    case let .render(item):
                        effects.report(.imageStarted(source: item.planned.source.description, weight: item.weight))
                        let (request, fetched) = (plan.request(for: item.planned), fetchedSoFar)
                        group.addTask {
                            sink.yield(.rendered(item.planned, await self.renderOne(item.planned, request: request, fetched: fetched,
                                                                                     needsLocation: needsLocation)))
                        }
                    case let .transcode(batch):
                        group.addTask { sink.yield(.transcoded(await self.transcoded(batch))) }
                    }
                }
            }
            func enqueue(_ pending: [PendingTranscode]) {
                let new = pending.filter { queued.insert($0.key).inserted }
                if !new.isEmpty { queue.add(transcodes: TranscodeBatch.batches(new)) }
            }
            func arrived(_ url: String, _ result: Result<FetchedSource, FetchProblem>) {
                guard fetchedSoFar[url] == nil else { return }
                fetchedSoFar[url] = result
                for var item in waiting.removeValue(forKey: url) ?? [] {
                    switch result {
                    case let .success(source):
                        item.size = effects.fileSize(source.path)
                        queue.add(renders: [item])
                    case .failure:
                        // Reported by the download as it failed.
                        failures.append(item.planned.downloadFailure(fetchedSoFar))
                    }
                }
            }
            /// Whether the pool is done: once every render has ended, the pairing, then its MP4s.
            func settled() -> Bool {
                guard queue.isIdle, !fetching else { return false }
                guard !pairingDone else { return true }
                pairingDone = true
                effects.report(.renderingFinished)
                failures.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
                paired = pairLivePhotos(gallery, plan: plan, rendered: &rendered, failures: &failures, shard: shard)
                enqueue(paired.plan.sources.flatMap { rendered[$0.source]?.pending ?? [] })
                startWhatCan()
                return queue.isIdle
            }
            if fetching {
                let (effects, settings, asked) = (effects, gallery.download, urls)
                group.addTask {
                    let all = await effects.fetchRemote(asked, settings) { url, result in sink.yield(.fetched(url, result)) }
                    sink.yield(.fetchesEnded(all))
                }
            }
            startWhatCan()
            if settled() { sink.finish() }
            for await event in events {
                switch event {
                case let .fetched(url, result):
                    arrived(url, result)
                case let .fetchesEnded(all):
                    for url in urls { if let result = all[url] { arrived(url, result) } }
                    // An item whose URL the fetch never answered fails: it was not downloaded.
                    for url in urls where fetchedSoFar[url] == nil {
                        failures += (waiting.removeValue(forKey: url) ?? []).map { $0.planned.downloadFailure(fetchedSoFar) }
                    }
                    fetching = false
                case let .rendered(planned, result):
                    queue.finished()
                    switch result {
                    case let .success(keyed):
                        rendered[planned.source] = keyed
                        for warning in keyed.image.warnings {
                            effects.report(.imageWarning(source: planned.source.description, message: warning))
                        }
                        effects.report(.imageBuilt(source: planned.source.description, done: rendered.count + failures.count,
                                                   total: total))
                        // A video that may yet be a Live Photo's motion waits for the pairing.
                        if keyed.image.facts.contentIdentifier == nil || keyed.video == nil { enqueue(keyed.pending) }
                    case let .failure(failure):
                        failures.append(failure)
                        effects.report(.imageFailed(failure, done: rendered.count + failures.count, total: total))
                    }
                case let .transcoded(made):
                    queue.finished()
                    for (key, result) in made { results[key] = result }
                }
                startWhatCan()
                if settled() { sink.finish() }
            }
        }
        failures += applyTranscodes(results, to: &rendered, plan: paired.plan)
        return MadeItems(gallery: paired.gallery, plan: paired.plan, fetched: fetchedSoFar, rendered: rendered, failures: failures)
    }
}
