import GalgenCore

/// A build split across machines. `galgen build --shard K/N` (`ShardRole.shard`) renders only
/// its share of the items into the cache and writes no site; the merge (`ShardRole.merge`,
/// `mergeItems`) is a build over a cache holding every shard's work whose items are looked up,
/// never made, and which names the items no shard made.
public enum ShardRole: Equatable, Sendable {
    /// One machine does everything.
    case whole
    case shard(Shard)
    case merge(ShardMerge)
}

extension BuildPipeline {
    var merging: ShardMerge? {
        if case let .merge(merge) = shards { merge } else { nil }
    }

    /// The shard's items (`ShardPlan`): their downloads, renditions and transcodes, kept in the
    /// cache with the shard's own records; then its run, last. No page is presented or written.
    func buildShard(_ loaded: LoadedGallery, _ shard: Shard) async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        let gallery = loaded.gallery
        effects.report(BuildStage.planning.event)
        let whole = Planner.plan(gallery)
        let mine = ShardPlan.assign(whole, count: shard.count, base: directory, size: effects.fileSize)
            .filter { $0.1 == shard.index }.map(\.0)
        let plan = BuildPlan(sources: mine, request: whole.request, layout: whole.layout)
        let made = try await makeItems(plan, gallery: gallery, shard: true)
        let (fetched, rendered, failures) = (made.fetched, made.rendered, made.failures)
        let keys = Dictionary(plan.sources.map { ($0.source.description, shardKey($0.source)) }) { first, _ in first }
        let milliseconds = (ContinuousClock.now - started).milliseconds
        let run = ShardRun(shard: shard, galleryItems: whole.sources.count, items: plan.sources.count,
                           reused: rendered.values.filter(\.reused).count,
                           failures: Dictionary(failures.map { (keys[$0.source] ?? $0.source, $0.reason) }) { first, _ in first },
                           milliseconds: milliseconds, generator: generator)
        do {
            try effects.finishShard(Set(rendered.values.flatMap(\.keys)), run)
        } catch {
            throw .cache(reason: "\(error)")
        }
        var summary = BuildSummary(imagesBuilt: rendered.count, failures: failures, filesWritten: 0, pages: 0,
                                   imagesReused: run.reused, siteChanged: false)
        summary.shardRun = run
        summary.remoteSources = plan.sources.count { if case .remote = $0.source { true } else { false } }
        summary.record = Self.record(plan: plan, rendered: rendered, fetched: fetched, failures: failures,
                                     site: WrittenSite(), generator: generator, milliseconds: milliseconds)
        summary.record?.shard = BuildRecord.ShardPart(index: shard.index, count: shard.count, items: plan.sources.count,
                                                      galleryItems: whole.sources.count)
        return summary
    }

    /// The item's key in every shard's plan and run (`ShardItem.key`).
    func shardKey(_ source: ImageSource) -> String {
        ShardItem.key(of: source, base: directory)
    }
}
