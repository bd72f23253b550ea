import GalgenBuild
import GalgenCore
import GalgenFetch
import GalgenImage
import GalgenIO
import GalgenSiteTemplate

extension BuildEffects {
    /// The real file system, network and terminal, with the stores of `cache` (whose records
    /// are read only once `cache.prefetch()` or a store asks).
    static func live(output: String, cache: CacheFolder, fetcher: RemoteFetcher, reporter: TerminalReporter) -> BuildEffects {
        var effects = BuildEffects(
            readFile: { try FileSystem.read($0, limit: $1) },
            loadTemplate: loadTemplate,
            fetchRemote: fetcher.fetchAll,
            sourceDigest: cache.sources.digest,
            fileSize: { FileStamp.of($0).map { Int($0.size) } },
            snapshotOriginal: cache.originals.snapshot,
            locateOriginal: { path in (try? FileSystem.read(path, limit: .photo)).map { LocationScanner.check($0) } },
            listFolder: FolderWalker.list,
            pathKind: FolderWalker.kind,
            leadsOutside: FolderWalker.leadsOutside,
            renditions: cache.renditions.store,
            pages: cache.pages.pageCache,
            finishCache: cache.finish(used:),
            saveRendered: cache.saveRendered,
            // Written on a thread of its own while the next album is presented and rendered.
            openSite: { try SiteWriter(output: output, stamps: cache.siteStamps, unlistedManifest: cache.layout.siteUnlisted).open().inBackground() },
            report: reporter.report)
        effects.folderNames = FolderWalker.names(in:)
        effects.unlistedToken = cache.unlisted.token(for:)
        effects.privateKeys = cache.privateKeys.keys(for:passwords:)
        effects.finishShard = cache.finishShard(used:run:)
        effects.finishWritten = cache.finishWritten
        effects.drawSVG = SVGDrawing.png(of:width:)
        return effects
    }

    /// The template folder named in gallery.yml over the built-in files, or the built-in template.
    static let loadTemplate: @Sendable (String?) throws -> LoadedTemplate = { folder in
        guard let folder else { return LoadedTemplate(BuiltInTemplate.template) }
        // A template folder overrides the built-in files it contains; only its own regular files
        // of a site's kinds are read (`TemplateFolder`).
        let (files, selection) = try TemplateFolderReader.read(folder)
        var template = SiteTemplate(files: BuiltInTemplate.files.merging(files) { $1 })
        template.privateAlbumFiles = BuiltInTemplate.privateAlbumFiles
        return LoadedTemplate(template, selection: selection)
    }
}

extension RemoteFetcher {
    /// The fetcher a command's builds share.
    static func live(_ settings: BuildSettings, reporter: TerminalReporter) -> RemoteFetcher {
        RemoteFetcher(
            cache: DiskCache(root: settings.cachePath, shard: settings.shard), offline: settings.offline,
            userAgent: "galgen/\(Version.current)", report: reporter.report)
    }
}
