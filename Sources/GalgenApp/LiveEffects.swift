import GalgenCore
import GalgenFetch
import GalgenIO
import GalgenSiteTemplate

extension BuildEffects {
    /// The real file system, network and terminal.
    /// `siteStamps` is `<cache>/site.stamps`, shared with whoever read it first.
    static func live(output: String, cache: String, siteStamps: StampFile, fetcher: RemoteFetcher, reporter: TerminalReporter) -> BuildEffects {
        let temporaries = TemporaryFiles()
        let renditions = DiskRenditionStore(root: cache, temporaries: temporaries)
        let sources = SourceDigests(cache: cache, temporaries: temporaries)
        let pages = DiskPageCache(cache: cache, output: output, siteStamps: siteStamps, temporaries: temporaries)
        let originals = OriginalSnapshots(cache: cache, temporaries: temporaries)
        // Read while gallery.yml is parsed.
        renditions.prefetch()
        sources.prefetch()
        pages.prefetch()
        siteStamps.prefetch()
        return BuildEffects(
            readFile: { try FileSystem.read($0, limit: $1) },
            loadTemplate: loadTemplate,
            fetchRemote: fetcher.fetchAll,
            sourceDigest: sources.digest,
            fileSize: { FileStamp.of($0).map { Int($0.size) } },
            snapshotOriginal: originals.snapshot,
            listFolder: FolderWalker.list,
            pathKind: FolderWalker.kind,
            leadsOutside: FolderWalker.leadsOutside,
            renditions: RenditionStore(lookup: renditions.lookup, keep: renditions.keep, finish: { used in
                try renditions.finish(used)
                try sources.finish()
                try pages.finish()
                try originals.finish()
            }),
            pages: pages.pageCache,
            openSite: SiteWriter(output: output, stamps: siteStamps).open,
            report: reporter.report)
    }

    /// Only what the configuration stage uses: no cache is opened, nothing is written.
    static let configurationOnly = BuildEffects(
        readFile: { try FileSystem.read($0, limit: $1) }, loadTemplate: loadTemplate,
        listFolder: FolderWalker.list, pathKind: FolderWalker.kind, leadsOutside: FolderWalker.leadsOutside,
        writeSite: { _ in false }, report: { _ in })

    /// The template folder named in gallery.yml over the built-in files, or the built-in template.
    static let loadTemplate: @Sendable (String?) throws -> LoadedTemplate = { folder in
        guard let folder else { return LoadedTemplate(BuiltInTemplate.template) }
        // A template folder overrides the built-in files it contains; only its own regular files
        // of a site's kinds are read (`TemplateFolder`).
        let (files, selection) = try TemplateFolderReader.read(folder)
        return LoadedTemplate(SiteTemplate(files: BuiltInTemplate.files.merging(files) { $1 }), selection: selection)
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
