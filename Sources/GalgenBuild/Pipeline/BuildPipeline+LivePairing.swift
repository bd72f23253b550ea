import GalgenCore

/// The one place a Live Photo named apart is paired (`LivePairing`): after every item is looked
/// up or made, before any MP4 is encoded. A video that is only a motion now gets a motion's
/// MP4s (`VideoSettings.motion`: one small H.264) instead of a video's own, and the plan marks
/// it a motion, so its poster and its video's heights are neither encoded nor published.
extension BuildPipeline {
    /// The gallery with the pairs made one and the plan with their videos as motions; each such
    /// video's outputs looked up again as a motion's (kept ones found, the rest pending).
    /// `shard`: a shard cannot see the stills other shards have, so a video carrying a content
    /// identifier that it could not pair gets a motion's MP4s as well as its own: the merge then
    /// finds what it needs whichever way it pairs, and publishes what one machine would.
    func pairLivePhotos(_ gallery: Gallery, plan: BuildPlan, rendered: inout [ImageSource: KeyedImage],
                        failures: inout [ImageFailure], shard: Bool) -> (gallery: Gallery, plan: BuildPlan) {
        let found = rendered
        let (paired, motions) = LivePairing.pair(gallery) { source in
            guard let keyed = found[source], !keyed.image.renditions.isEmpty else { return nil }
            return LivePairing.Identity(contentIdentifier: keyed.image.facts.contentIdentifier, isVideo: keyed.image.media.video != nil,
                                        hasMotion: keyed.image.media.motion != nil)
        }
        // In the plan's order, so what is reported (and any failure) comes out the same on every run.
        for source in plan.sources.map(\.source) {
            guard let keyed = found[source], let video = keyed.video, !video.planned.video.isMotion else { continue }
            let isMotion = motions.contains(source)
            guard isMotion || (shard && keyed.image.facts.contentIdentifier != nil) else { continue }
            var motion = video
            motion.settings = plan.request.video.motion
            motion.planned.video.isMotion = true
            switch withOutputs(motion, request: plan.request, reused: video.posterReused) {
            case let .success(outputs) where isMotion:
                rendered[source] = outputs
            case let .success(outputs):
                rendered[source]?.keys += outputs.keys.filter { !keyed.keys.contains($0) }
                rendered[source]?.pending += outputs.pending
            case let .failure(failure) where isMotion:
                rendered[source] = nil
                failures.append(failure)
                effects.report(.imageFailed(failure, done: plan.sources.count, total: plan.sources.count))
            case .failure:
                continue
            }
        }
        return (paired, motions.isEmpty ? plan : plan.with(motions: motions))
    }
}
