import GalgenCore

extension BuildPipeline {
    /// build-report.json's content: per image its source, digest, outputs, timing, reuse, warnings.
    static func record(plan: BuildPlan, rendered: [ImageSource: KeyedImage], fetched: [String: Result<FetchedSource, FetchProblem>],
                       failures: [ImageFailure], site: WrittenSite, generator: String, milliseconds: Int) -> BuildRecord {
        let failed = Dictionary(failures.map { ($0.source, $0.reason) }) { first, _ in first }
        // Each item on every core: the report of a merge of 10,000 is made at its very end.
        let images = plan.sources.concurrentMap(threads: everyCore, minimumPerSlice: 256) { planned -> BuildRecord.Image in
            let kept = rendered[planned.source]
            var warnings = kept?.image.warnings ?? []
            if case let .remote(url) = planned.source, case let .success(source)? = fetched[url], let warning = source.warning {
                warnings.insert(warning, at: 0)
            }
            let outputs = (kept?.image.allRenditions ?? []).map { rendition in
                BuildRecord.Output(path: planned.path(of: rendition), width: rendition.width, height: rendition.height,
                                   bytes: rendition.byteCount)
            }
            return BuildRecord.Image(
                source: planned.source.description, location: "\(planned.location)", digest: kept?.sourceDigest,
                reused: kept?.reused ?? false, milliseconds: kept?.milliseconds ?? 0,
                outputs: outputs, warnings: warnings, error: failed[planned.source.description])
        }
        let totals = BuildRecord.Totals(
            images: images.count, reused: images.filter(\.reused).count, failed: failures.count, outputFiles: site.files,
            outputBytes: site.bytes, siteChanged: site.changed, milliseconds: milliseconds)
        return BuildRecord(generator: generator, images: images, totals: totals)
    }
}
