import GalgenCore

/// The merge of shards' caches (`ShardRole.merge`) as a stage of its own: the shards' records
/// were folded into the cache's after planning (`RenditionStore.foldShards`); here every item is
/// looked up (`lookUp`) on `jobs` threads and nothing is rendered, probed or transcoded. An
/// item whose shard failed it fails with that shard's reason, as on one machine; the items no
/// shard made stop the build (`BuildError.shardsMissing`) or, with `--allow-missing`, are left
/// out and named.
extension BuildPipeline {
    func mergeItems(_ plan: BuildPlan, gallery: Gallery, _ merge: ShardMerge) async throws(BuildError)
        -> (made: MadeItems, missing: MissingShardItems?) {
        effects.report(BuildStage.downloading.event)
        let fetched = await fetchRemote(plan, settings: gallery.download)
        effects.report(BuildStage.renderingImages.event)
        let total = plan.sources.count
        let found = lookUpAll(plan, fetched: fetched, needsLocation: gallery.viewer.originals)
        var rendered: [ImageSource: KeyedImage] = [:]
        rendered.reserveCapacity(total)
        var failed: [ImageSource: ImageFailure] = [:]
        for (planned, find) in zip(plan.sources, found) {
            switch find {
            case let .kept(keyed): rendered[planned.source] = keyed
            case let .failed(failure): failed[planned.source] = failure
            case .notKept: continue
            }
        }
        // Paired as on one machine: a Live Photo's video named apart needs a motion's MP4s.
        var pairingFailures: [ImageFailure] = []
        let (paired, pairedPlan) = pairLivePhotos(gallery, plan: plan, rendered: &rendered, failures: &pairingFailures, shard: false)
        let failedAtPairing = Set(pairingFailures.map(\.source))
        effects.report(.renderingStarted(total: total, done: 0, weight: 0))
        var done = 0
        var notKept: [PlannedSource] = []
        for planned in pairedPlan.sources {
            if let keyed = rendered[planned.source], keyed.pending.isEmpty {
                done += 1
                for warning in keyed.image.warnings { effects.report(.imageWarning(source: planned.source.description, message: warning)) }
                effects.report(.imageBuilt(source: planned.source.description, done: done, total: total))
            } else if let failure = failed[planned.source] {
                done += 1
                // A source that could not be downloaded was reported by the download stage already.
                if planned.localPath(fetched) != nil { effects.report(.imageFailed(failure, done: done, total: total)) }
            } else if !failedAtPairing.contains(planned.source.description) {
                rendered[planned.source] = nil
                notKept.append(planned)
            }
        }
        effects.report(.renderingFinished)
        let (shardFailures, missing) = try settle(notKept, plan: pairedPlan, merge)
        var failures = plan.sources.compactMap { failed[$0.source] } + pairingFailures + shardFailures
        failures.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return (MadeItems(gallery: paired, plan: pairedPlan, fetched: fetched, rendered: rendered, failures: failures), missing)
    }

    /// What the cache holds of an item in a merge: all of it, or not all of it (made by no shard here).
    enum MergeFind {
        case kept(KeyedImage)
        case failed(ImageFailure)
        case notKept
    }

    /// Every planned item looked up, on `jobs` threads, in the plan's order.
    private func lookUpAll(_ plan: BuildPlan, fetched: [String: Result<FetchedSource, FetchProblem>], needsLocation: Bool) -> [MergeFind] {
        plan.sources.concurrentMap(threads: jobs) { planned in
            find(planned, request: plan.request(for: planned), fetched: fetched, needsLocation: needsLocation)
        }
    }

    /// One item in a merge: its still or poster and every MP4 kept, and a Motion Photo's motion too.
    private func find(_ planned: PlannedSource, request: RenditionRequest, fetched: [String: Result<FetchedSource, FetchProblem>],
                      needsLocation: Bool) -> MergeFind {
        guard let path = planned.localPath(fetched) else { return .failed(planned.downloadFailure(fetched)) }
        switch lookUp(planned, path: path, request: request, needsLocation: needsLocation) {
        // A video's MP4s may be pending: as a Live Photo's motion it needs others (`pairLivePhotos`).
        case let .kept(keyed) where keyed.pending.isEmpty || keyed.video != nil:
            guard let (motion, motionRequest) = Self.motion(of: keyed, planned, request: request) else { return .kept(keyed) }
            switch lookUpVideo(motion, path: keyed.sourcePath, sourceDigest: keyed.sourceDigest, request: motionRequest, started: .now) {
            case let .kept(motionKept) where motionKept.pending.isEmpty: return .kept(Self.attach(.success(motionKept), to: keyed))
            case let .failed(failure): return .kept(Self.attach(.failure(failure), to: keyed))
            default: return .notKept
            }
        case let .failed(failure): return .failed(failure)
        default: return .notKept
        }
    }

    /// The items not kept, settled: one its shard failed fails here with the shard's reason (as
    /// on one machine); the rest stop the build (`shardsMissing`) or, with `--allow-missing`,
    /// are left out and returned.
    private func settle(_ notKept: [PlannedSource], plan: BuildPlan, _ merge: ShardMerge) throws(BuildError)
        -> (failures: [ImageFailure], missing: MissingShardItems?) {
        var failures: [ImageFailure] = []
        var lacking: Set<String> = []
        for planned in notKept {
            if let reason = merge.failure(of: shardKey(planned.source)) {
                let failed = planned.failure(reason)
                failures.append(failed)
                effects.report(.imageFailed(failed, done: plan.sources.count, total: plan.sources.count))
            } else {
                lacking.insert(planned.source.description)
            }
        }
        guard !lacking.isEmpty else { return (failures, nil) }
        var byShard: [Int: [String]] = [:]
        for (planned, index) in ShardPlan.assign(plan, count: merge.count, base: directory, size: effects.fileSize)
        where lacking.contains(planned.source.description) {
            byShard[index, default: []].append(planned.source.description)
        }
        let missing = MissingShardItems(count: merge.count, byShard: byShard, notRun: Set(byShard.keys).subtracting(merge.ran))
        guard merge.allowMissing else { throw .shardsMissing(missing) }
        for line in missing.lines {
            effects.report(.imageWarning(source: "--allow-missing", message: "left out of the site: \(line)"))
        }
        return (failures, missing)
    }
}
