import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO

/// What a finished build tells: the cache's `build-report.json`, and the summary on the terminal.
enum BuildReport {
    /// The cache's `buildReport`, replaced atomically (and written a photo at a time, never
    /// whole in memory); a failure to save it is only a warning.
    static func save(_ record: BuildRecord, cache: CacheFolder.Layout, reporter: TerminalReporter) {
        do {
            try PiecewiseFile.write(cache.buildReport, temporaries: TemporaryFiles()) { try record.writeJSON(to: $0) }
        } catch {
            reporter.line("warning: cannot save \(cache.buildReport): \(error.localizedDescription)", style: .warning)
        }
    }

    static func print(_ summary: BuildSummary, output: String, reporter: TerminalReporter, quiet: Bool) {
        if let run = summary.shardRun {
            if !quiet { reporter.line(shardLine(run, summary), style: .success) }
        } else if !quiet {
            let reused = summary.imagesReused > 0 ? " (\(summary.imagesReused) unchanged, not decoded again)" : ""
            if summary.siteChanged {
                reporter.line("Built \(summary.imagesBuilt) image(s)\(reused) and \(summary.pages) page(s) into \(output)", style: .success)
            } else {
                reporter.line("\(output) is up to date: nothing changed, nothing written\(reused)", style: .success)
            }
        }
        if let missing = summary.missing {
            reporter.line("\(missing.total) item(s) left out (--allow-missing): no shard's cache had them; the next build tries again", style: .warning)
        }
        for (index, line) in failureLines(summary).enumerated() { reporter.line(line, style: index == 0 ? .error : nil) }
    }

    /// What a shard did, and where its work goes next.
    static func shardLine(_ run: ShardRun, _ summary: BuildSummary) -> String {
        let reused = run.reused > 0 ? " (\(run.reused) unchanged, not decoded again)" : ""
        let seconds = (Double(run.milliseconds) / 100).rounded() / 10
        return "Shard \(run.shard): kept \(summary.imagesBuilt) of its \(run.items) item(s) (of the gallery's \(run.galleryItems)) "
            + "in the cache in \(seconds) s\(reused); no site written. Copy every shard's cache into one and run galgen build there."
    }

    /// "N image(s) failed:", then each image with its place in gallery.yml and the reason; none when none failed.
    static func failureLines(_ summary: BuildSummary) -> [String] {
        guard !summary.failures.isEmpty else { return [] }
        return ["\(summary.failures.count) image(s) failed:"]
            + summary.failures.map { "  \($0.location): \($0.source): \($0.reason)" }
    }
}
