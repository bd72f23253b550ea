import GalgenCore

extension BuildPipeline {
    /// What the present, render-pages and write stages came to.
    struct WrittenSite {
        /// False when the output already held exactly these files and nothing was written.
        var changed = false
        var files = 0
        var bytes = 0
        var pages = 0
        /// Pages rendered rather than taken from the page cache.
        var pagesRendered = 0
        /// The sealed files of private albums this build published (`SealedFileKeeper`).
        var sealedIDs: Set<String> = []
    }

    /// Present, render pages and write, an album at a time. First the images and the originals
    /// (`files`, made only then, so that their list is not held meanwhile); then each album's
    /// pages are presented, rendered (or taken from the page cache) and handed to the site writer
    /// before the next album is presented, so the build holds one album's view models and pages,
    /// never the whole site's; then the template's files and the sitemap. Then the site is put in
    /// place while the caches its writing used keep that (`finishWritten`).
    func writeSite(_ presentation: SitePresentation, template: CompiledTemplate, files: () -> [OutputFile],
                   privateSites: [PrivateSite] = [], leakCheck: PrivateLeakCheck? = nil) throws(BuildError) -> WrittenSite {
        effects.report(BuildStage.renderingPages.event)
        var output: SiteOutput
        do {
            output = try effects.openSite()
        } catch {
            throw .write(reason: "\(error)")
        }
        if let leakCheck {
            let effects = effects
            output = output.guarded(by: leakCheck) { path in try? effects.readFile(path, .configuration) }
        }
        var site = WrittenSite()
        if let reason = presentation.feedsSkippedReason {
            effects.report(.imageWarning(source: String(configPath.split(separator: "/").last ?? "gallery.yml"), message: reason))
        }
        do {
            site.changed = try writePages(presentation, template: template, files: files, to: output, privateSites: privateSites, site: &site)
        } catch {
            output.cancel()
            throw .write(reason: "\(error)")
        }
        return site
    }

    /// Every file of the site handed to `output` in order, then the site put in place while the
    /// caches its writing used are finished; whether it changed.
    private func writePages(_ presentation: SitePresentation, template: CompiledTemplate, files: () -> [OutputFile],
                            to output: SiteOutput, privateSites: [PrivateSite], site: inout WrittenSite) throws -> Bool {
        try hand(files(), to: output, site: &site)
        var addresses: [String] = []
        var base: String?
        // The site feed's newest entries: at most `feeds.limit`, whatever the site's size.
        var newest = presentation.newestEntries
        // The album list first, then each album, as `Presenter.present` orders the pages.
        for position in -1..<presentation.albumCount {
            let presented = position < 0 ? PresentedAlbum(pages: [presentation.front()].compactMap { $0 }, feed: [])
                : presentation.presented(ofAlbum: position)
            let pages = presented.pages
            addresses += pages.filter { !$0.noindex }.compactMap(\.canonicalURL)
            base = base ?? pages.first { $0.path == OutputLayout.index }?.canonicalURL
            try handPages(pages, template: template, to: output, site: &site)
            let feeds = presentation.feedFiles(ofAlbum: position, entries: presented.feed, newest: &newest)
            if !feeds.isEmpty { try hand(feeds, to: output, site: &site) }
        }
        if let feed = presentation.siteFeed(newest) { try hand([feed], to: output, site: &site) }
        // Each private album's folder, sealed (`PrivateBundle`): none of it in the clear.
        let labels = Labels(presentation.gallery.language)
        for album in privateSites {
            let sealed = try sealedFiles(of: album, template: template, siteTitle: presentation.gallery.title, labels: labels)
            try hand(sealed.files, to: output, site: &site)
            site.sealedIDs.formUnion(sealed.ids)
        }
        // Then the tags index and each tag's pages (`tags:`), `tagPagesAtOnce` pages at a time:
        // most tags have one page, and each handing links the assets and writes once.
        for (index, count, pages) in [(presentation.tagsIndex(), presentation.tagCount, presentation.pages(ofTag:)),
                                      (presentation.placesIndex(), presentation.placeCount, presentation.pages(ofPlace:))] {
            var batch = index
            for position in 0...count {
                if position < count { batch += pages(position) }
                guard batch.count >= Self.tagPagesAtOnce || position == count, !batch.isEmpty else { continue }
                addresses += batch.compactMap(\.canonicalURL)
                try handPages(batch, template: template, to: output, site: &site)
                batch = []
            }
        }
        try hand(SiteRenderer.siteFiles(template: template.source, addresses: addresses, base: base), to: output, site: &site)
        output.unlisted(presentation.unlistedFolders + privateSites.map { $0.seal.folder + "/" })
        effects.report(BuildStage.writing.event)
        return try alongside({ [effects] in try effects.finishWritten() }) { try output.finish() }
    }

    /// Tag pages presented, rendered and handed to the writer together (an album's pages go together).
    static let tagPagesAtOnce = 200

    /// Pages rendered (or taken from the page cache), handed to the writer and counted,
    /// `pagesPerBatch` at a time: the writer writes one batch while the next is rendered.
    private func handPages(_ pages: [PageViewModel], template: CompiledTemplate, to output: SiteOutput,
                           site: inout WrittenSite) throws {
        for start in stride(from: 0, to: pages.count, by: Self.pagesPerBatch) {
            let batch = Array(pages[start..<min(pages.count, start + Self.pagesPerBatch)])
            let (pageFiles, rendered) = renderPages(batch, template: template)
            try hand(pageFiles, to: output, site: &site)
            site.pages += batch.count
            site.pagesRendered += rendered
        }
    }

    /// Pages rendered together and handed to the writer at once: enough to keep every thread
    /// busy, few enough that the writer starts early (an album of 10,000 photos is 11 batches).
    static let pagesPerBatch = 1000

    private func hand(_ files: [OutputFile], to output: SiteOutput, site: inout WrittenSite) throws {
        try output.add(files)
        site.files += files.count
        site.bytes += files.reduce(0) { $0 + $1.byteCount }
    }

    /// Pages whose key (template + view model) is in the page cache are taken from it, the others
    /// rendered and kept: each page's key, lookup and rendering on `jobs` threads.
    private func renderPages(_ pages: [PageViewModel], template: CompiledTemplate) -> (files: [OutputFile], rendered: Int) {
        let pageCache = effects.pages
        let made = SiteRenderer.inRuns(SiteRenderer.linkAssets(pages, template: template.source), threads: jobs) { page, memo in
            let key = PageKey.make(templateDigest: template.digest, page: page)
            if let file = pageCache.lookup(key, page.path) { return (file: file, rendered: false) }
            let file = OutputFile(path: page.path, text: template.render(page, memo: memo))
            pageCache.keep(key, file)
            return (file: file, rendered: true)
        }
        return (made.map(\.file), made.count { $0.rendered })
    }
}
