import GalgenBuild
import GalgenCore

/// `galgen serve`'s second look: the formats its build left for later (AVIF, WebP), encoded in
/// the background while the new photos are already shown with their JPEG renditions.
extension PreviewSession {
    /// The formats `later` names, encoded by a complete build in a task of their own, whose site
    /// replaces the first look's (and reloads the open pages) unless it is cancelled first.
    func encodeLater(_ later: FormatsLater, of configuration: String?) -> Task<Void, Never>? {
        guard !later.isEmpty, let configuration else { return nil }
        return Task { [self] in
            let started = ContinuousClock.now
            if settings.verbosity == .normal { reporter.setVerbosity(.brief) }
            let result = await run(formatsLater: false, sameConfiguration: configuration)
            let took = (ContinuousClock.now - started).formatted(.units(allowed: [.seconds, .milliseconds], width: .abbreviated))
            let what = "\(later.names) for \(Self.photos(later.images))"
            switch result {
            case let .success(summary):
                events.publish(siteChanged: summary.siteChanged, error: summary.failures.isEmpty ? nil : Self.failureText(summary))
                BuildReport.print(summary, output: settings.outputPath, reporter: reporter, quiet: true)
                reporter.line("\(what) in \(took)" + (summary.siteChanged
                    ? "; reloading \(events.openStreams) open page(s)." : "."), style: .success)
            case .failure(.build(.cancelled)):
                reporter.line("\(what): stopped by the change after \(took); the rebuild starts it again.")
            case let .failure(failure):
                events.publish(siteChanged: false, error: failure.description)
                reporter.line("error: \(failure)", style: .error)
                reporter.line("\(what) failed after \(took); the site keeps showing the first look. Save to try again.", style: .warning)
            }
        }
    }

    /// "3 photos shown; AVIF for 3 photos in the background…"
    static func describeLater(_ summary: BuildSummary) -> String {
        let rendered = summary.imagesBuilt - summary.imagesReused
        return (rendered > 0 ? "\(photos(rendered)) shown; " : "")
            + "\(summary.later.names) for \(photos(summary.later.images)) in the background…"
    }

    private static func photos(_ count: Int) -> String {
        count == 1 ? "1 photo" : "\(count) photos"
    }
}
