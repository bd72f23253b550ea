import GalgenCore
import GalgenFetch
import GalgenIO
import GalgenSiteTemplate

extension BuildEffects {
    /// The real file system, network and terminal.
    static func live(output: String, cache: String, fetcher: RemoteFetcher, reporter: TerminalReporter) -> BuildEffects {
        let store = DiskRenditionStore(root: cache, output: output)
        store.prefetch()
        return BuildEffects(
            readFile: FileSystem.read,
            loadTemplate: { folder in
                guard let folder else { return BuiltInTemplate.template }
                // A template folder overrides the built-in files it contains.
                let files = try FileSystem.readFolder(folder)
                return SiteTemplate(files: BuiltInTemplate.files.merging(files) { $1 })
            },
            fetchRemote: fetcher.fetchAll,
            sourceDigest: store.digest,
            renditions: store.store,
            pages: store.pageCache,
            writeSite: SiteWriter(output: output).write,
            report: reporter.report)
    }
}

extension RemoteFetcher {
    /// The fetcher a command's builds share.
    static func live(_ settings: BuildSettings, reporter: TerminalReporter) -> RemoteFetcher {
        RemoteFetcher(
            cache: DiskCache(root: settings.cachePath), offline: settings.offline,
            userAgent: "galgen/\(Version.current)", report: reporter.report)
    }
}
