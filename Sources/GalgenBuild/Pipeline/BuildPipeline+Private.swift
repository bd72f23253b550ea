import GalgenCore
import GalgenCrypto

/// Private albums through the build: their passwords read and their keys taken from the cache
/// before anything is made (`addressPrivate`), then, once the items are made, each presented as a
/// site of its own (`PrivateSplit`) and sealed (`PrivateBundle`) while the site is written.
extension BuildPipeline {
    /// A private album as the site stage gets it: its own presentation and files, and its seal.
    struct PrivateSite {
        var seal: PrivateSeal
        var presentation: SitePresentation
        var files: () -> [OutputFile]
        var listedTitle: String?
    }

    /// Each private album at its random folder (`p-<token>/`, from the cache's `PrivateKeys`),
    /// its passwords read (a missing or empty one stops the build: exit status 2, nothing
    /// written) and wrapped into records. A shard reads no password and draws no key: it writes
    /// no page and seals nothing; the merge does both.
    func addressPrivate(_ gallery: Gallery) throws(BuildError) -> (gallery: Gallery, seals: [PrivateSeal]) {
        var gallery = gallery
        var seals: [PrivateSeal] = []
        for index in gallery.albums.indices {
            guard let access = gallery.albums[index].privateAccess else { continue }
            let album = gallery.albums[index]
            if case .shard = shards {
                gallery.albums[index].slug = "p-" + String(repeating: "a", count: PrivateKeys.tokenLength)
                continue
            }
            var passwords: [(source: PrivateAccess.PasswordSource, password: String)] = []
            for source in access.passwords { passwords.append((source, try password(from: source, album: album.title))) }
            let keys: PrivateKeys
            do {
                let kept = try effects.privateKeys(album.slug, access.passwords.map(\.key))
                keys = kept.keys
                if kept.isNew { effects.report(.privateAddress(album: album.title, folder: keys.folder + "/")) }
            } catch {
                throw .write(reason: "cannot keep the keys of the private album '\(album.title)' in the cache: \(error)")
            }
            guard let contentKey = Base64URL.decode(keys.contentKey) else { throw .write(reason: "the cache's key of '\(album.title)' is damaged") }
            var records: [PasswordRecord] = []
            for (source, password) in passwords {
                guard let wrap = keys.wraps[source.key], let salt = Base64URL.decode(wrap.salt), let nonce = Base64URL.decode(wrap.nonce) else {
                    throw .write(reason: "the cache has no salt for \(source) of '\(album.title)'")
                }
                do {
                    records.append(try PasswordRecord(contentKey: contentKey, password: password, salt: salt, nonce: nonce, album: keys.folder))
                } catch {
                    throw .write(reason: "cannot wrap the key of '\(album.title)': \(error)")
                }
                if password.count < Self.strongPasswordLength {
                    effects.report(.imageWarning(source: "private album '\(album.title)'", message: "the password from \(source) has \(password.count) "
                        + "characters: anyone can try passwords against the published page offline, so use \(Self.strongPasswordLength) or more "
                        + "(four or five random words are easy to type and hard to guess)"))
                }
            }
            gallery.albums[index].slug = keys.folder
            seals.append(PrivateSeal(title: album.title, folder: keys.folder, contentKey: contentKey, records: records))
        }
        return (gallery, seals)
    }

    /// Below this many characters a password gets a warning.
    static let strongPasswordLength = 12

    /// One password: an environment variable's value, or a file's first line.
    private func password(from source: PrivateAccess.PasswordSource, album: String) throws(BuildError) -> String {
        switch source {
        case let .environment(name):
            guard let value = effects.environment(name) else {
                throw .privatePassword(album: album, source: source.description, reason: "is not set")
            }
            guard !value.isEmpty else { throw .privatePassword(album: album, source: source.description, reason: "is empty") }
            return value
        case let .file(path):
            let bytes: [UInt8]
            do {
                bytes = try effects.readFile(PathNormalizer.resolve(path, in: directory, home: home), .sidecar)
            } catch {
                throw .privatePassword(album: album, source: source.description, reason: "cannot be read (\(error))")
            }
            var text = String(decoding: bytes, as: UTF8.self)
            if let newline = text.firstIndex(where: \.isNewline) { text = String(text[..<newline]) }
            guard !text.isEmpty else { throw .privatePassword(album: album, source: source.description, reason: "is empty") }
            return text
        }
    }

    /// The private albums' sites: each album alone, its files under its folder, its originals
    /// and zip its own (`gallery` and `plan` are the whole build's, after pairing).
    /// `publicSources`: the sources the public site shows (their originals' warnings are said there).
    func privateSites(_ seals: [PrivateSeal], gallery: Gallery, plan: BuildPlan, rendered: [ImageSource: KeyedImage],
                      publicSources: Set<ImageSource>) throws(BuildError) -> (sites: [PrivateSite], zipKeys: [String], failures: [ImageFailure]) {
        var sites: [PrivateSite] = []
        var zipKeys: [String] = []
        var failures: [ImageFailure] = []
        for seal in seals {
            guard let album = gallery.albums.first(where: { $0.slug == seal.folder }) else { continue }
            let (single, sitePlan) = PrivateSplit.site(album, of: gallery, plan: plan)
            let originals = Originals.published(plan: sitePlan, rendered: rendered, settings: gallery.viewer, snapshot: effects.snapshotOriginal,
                                                recheck: merging != nil, locate: effects.locateOriginal)
            // What the public site's originals said already is not said twice.
            for (source, warning) in originals.warnings where !publicSources.contains(source) {
                effects.report(.imageWarning(source: source.description, message: warning))
            }
            for failure in originals.failures where !publicSources.contains(where: { $0.description == failure.source }) {
                effects.report(.imageFailed(failure, done: plan.sources.count, total: plan.sources.count))
                failures.append(failure)
            }
            let zips = try makeZips(single, plan: sitePlan, rendered: rendered, originals: originals)
            zipKeys += zips.map(\.zip.key)
            var presentation = SitePresentation(gallery: single, plan: sitePlan, generator: generator, originals: originals.paths) {
                rendered[$0]?.image
            }
            presentation.downloads = Dictionary(zips.map { ($0.zip.album, $0.zip) }) { first, _ in first }
            let files = { Self.imageFiles(sitePlan, rendered) + originals.files + zips.map(\.file) }
            sites.append(PrivateSite(seal: seal, presentation: presentation, files: files,
                                     listedTitle: album.privateAccess?.listed == true ? album.title : nil))
        }
        return (sites, zipKeys, failures)
    }

    /// A private album's folder as published: its pages rendered and every file of its own site
    /// sealed (a file sealed by an earlier build is taken from `sealedFiles`, neither read nor
    /// sealed again), with the sealed manifest, the entry page and the worker's files in the clear.
    func sealedFiles(of site: PrivateSite, template: CompiledTemplate, siteTitle: String, labels: Labels) throws
        -> (files: [OutputFile], ids: Set<String>) {
        let pages = SiteRenderer.linkAssets(site.presentation.presented(ofAlbum: 0).pages, template: template.source)
        let rendered = pages.concurrentMap(threads: jobs, minimumPerSlice: 4) { OutputFile(path: $0.path, text: template.render($0)) }
        let seal = site.seal
        let published = try (rendered + site.files()).concurrentMap(threads: jobs, minimumPerSlice: 1) { file in
            Result { try sealOne(file, seal: seal) }
        }.map { try $0.get() }
        let manifest = try PrivateBundle.manifest(Dictionary(published.map { ($0.relative, $0.entry) }) { first, _ in first },
                                                  seal: seal, lockLabel: labels.text("privateLock"))
        let folder = seal.folder + "/"
        let entry = PrivateEntryPage.html(seal: seal, labels: labels, listedTitle: site.listedTitle, siteTitle: siteTitle)
        let clear = template.source.privateAlbumFiles.sorted { $0.key < $1.key }.map { OutputFile(path: folder + $0.key, bytes: $0.value) }
        return (published.map(\.file) + [manifest] + clear + [OutputFile(path: folder + PrivateBundle.entryPage, text: entry)],
                Set(published.map(\.id)))
    }

    /// One file of a private album's site, sealed: taken from `sealedFiles` when an earlier build
    /// sealed the same bytes; else a kept rendition or video is sealed a chunk at a time into the
    /// store (never in memory whole), and anything else sealed in memory and kept.
    private func sealOne(_ file: OutputFile, seal: PrivateSeal) throws
        -> (file: OutputFile, relative: String, entry: PrivateBundle.ManifestEntry, id: String) {
        let id = PrivateBundle.fileID(digest: file.digest, seal: seal)
        let publish = { (kept: SealedFileKeeper.Kept, length: Int, bytes: [UInt8]?) in
            let made = PrivateBundle.published(path: file.path, id: id, length: length, sealed: kept, bytes: bytes, seal: seal)
            return (made.file, made.relative, made.entry, id)
        }
        if let kept = sealedFiles.lookup(id) { return publish(kept, file.byteCount, nil) }
        let plaintext: [UInt8]
        switch file.content {
        case let .bytes(bytes): plaintext = bytes
        case let .file(path):
            if let keepSealing = sealedFiles.keepSealing {
                let sealer = try PrivateBundle.sealer(id: id, seal: seal)
                let kept = try keepSealing(id, path, sealer.header) { chunk, index, last in try sealer.seal(chunk, index: index, last: last) }
                guard kept.byteCount == SealedFile.sealedLength(plaintextLength: file.byteCount) else { throw PrivateLeak.Changed(path: path) }
                return publish(kept, file.byteCount, nil)
            }
            plaintext = try effects.readFile(path, .sealed)
        }
        let sealed = try SealedFile.seal(plaintext, sealer: PrivateBundle.sealer(id: id, seal: seal))
        let kept = try sealedFiles.keep(id, sealed)
        return publish(kept, plaintext.count, kept.path.isEmpty ? sealed : nil)
    }
}
