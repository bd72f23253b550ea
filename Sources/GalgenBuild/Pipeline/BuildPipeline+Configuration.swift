import GalgenCore

extension BuildPipeline {
    /// gallery.yml's bytes, read through the build's effects.
    public func readConfiguration() throws(BuildError) -> [UInt8] {
        try Self.readConfiguration(at: configPath, with: effects.readFile)
    }

    /// gallery.yml's bytes at `path`, with its read limit. The only place that reads it, so
    /// the only one that finds it missing (`galgen serve` asks it before it starts).
    public static func readConfiguration(at path: String,
                                         with readFile: (_ path: String, _ limit: ReadLimit) throws -> [UInt8]) throws(BuildError) -> [UInt8] {
        do {
            return try readFile(path, .configuration)
        } catch {
            throw .configUnreadable(path: path, reason: "\(error)")
        }
    }

    /// The first stage: gallery.yml read (or what reading it gave, when it was already read:
    /// its bytes or why it could not be), parsed and validated, and its template read and compiled.
    public func load(_ read: Result<[UInt8], BuildError>? = nil) throws(BuildError) -> LoadedGallery {
        effects.report(BuildStage.configuration.event)
        let bytes: [UInt8]
        if let read { bytes = try read.get() } else { bytes = try readConfiguration() }
        let name = configPath.split(separator: "/").last.map(String.init) ?? configPath
        let parsed: Gallery
        do {
            parsed = try ConfigParser.parse(bytes, file: name, directory: directory, home: home)
        } catch {
            throw .config(error)
        }
        let expanded = try expand(parsed, in: directory)
        var gallery = expanded.gallery
        let marks = try loadWatermarks(gallery)
        gallery.watermarkImages = marks.images
        let folder = gallery.templatePath.map(resolve)
        let template: LoadedTemplate
        do {
            template = try effects.loadTemplate(folder)
        } catch let error as TemplateError {
            throw .template(error)
        } catch {
            throw .template(.unreadable(path: gallery.templatePath ?? "built-in", reason: "\(error)"))
        }
        report(template, folder: gallery.templatePath)
        do {
            reportLanguage(gallery, file: name)
            return LoadedGallery(gallery: gallery, template: try CompiledTemplate(template.template.localized(gallery.labels)),
                                 inputs: [configPath] + (folder.map { [$0] } ?? []) + expanded.inputs + marks.inputs)
        } catch {
            throw .template(error)
        }
    }

    /// Each unlisted album at its hard-to-guess address (`UnlistedAddress`); a new address is said once.
    /// A shard (`--shard K/N`) draws none and says none: it writes no page, so its items need no
    /// address, and three shards would draw three and print them into three CI logs. The merge
    /// draws it, once, under the cache's lock (or gallery.yml pins it). Called by `build`, which
    /// runs under the lock, so two builds that start together cannot draw two tokens.
    func addressUnlisted(_ gallery: Gallery) throws(BuildError) -> Gallery {
        if case .shard = shards {
            return UnlistedAddress.addressed(gallery) { _ in UnlistedAddress.unpublished }
        }
        var failure: BuildError?
        let addressed = UnlistedAddress.addressed(gallery) { slug in
            do {
                let kept = try effects.unlistedToken(slug)
                if kept.isNew {
                    let title = gallery.albums.first { $0.slug == slug }?.title ?? slug
                    effects.report(.unlistedAddress(album: title, folder: UnlistedAddress.slug(slug, token: kept.token) + "/", token: kept.token))
                }
                return kept.token
            } catch {
                failure = failure ?? .write(reason: "cannot keep the address of the unlisted album '\(slug)' in the cache: \(error)")
                return ""
            }
        }
        if let failure { throw failure }
        return addressed
    }

    /// What the template folder contributes (for `--verbose`) and what of it is skipped (warnings),
    /// each file named as gallery.yml names the folder.
    private func report(_ template: LoadedTemplate, folder written: String?) {
        guard let written else { return }
        let shown = { (name: String) in (written.hasSuffix("/") ? written : written + "/") + name }
        for name in template.selection.used {
            effects.report(.templateFileUsed(file: shown(name), becomes: template.contribution(of: name)))
        }
        for skipped in template.selection.skipped {
            effects.report(.templateFileSkipped(file: shown(skipped.name), reason: skipped.reason))
        }
    }

    /// gallery.yml's folder.
    var directory: String {
        guard let slash = configPath.lastIndex(of: "/") else { return "." }
        return configPath[..<slash].isEmpty ? "/" : String(configPath[..<slash])
    }

    /// Every `watermark:` image gallery.yml names, read (an SVG drawn as a PNG as wide as the
    /// widest rendition), by the path as written; and the files read, for `galgen serve` to watch.
    func loadWatermarks(_ gallery: Gallery) throws(BuildError) -> (images: [String: WatermarkImage], inputs: [String]) {
        let named = [gallery.watermark.image] + gallery.albums.flatMap { album in [album.watermark.image] + album.images.map(\.watermark.image) }
        let written = Set(named.compactMap { $0 }).sorted()
        var images: [String: WatermarkImage] = [:]
        for path in written {
            let file = resolve(path)
            do {
                let bytes = try effects.readFile(file, .photo)
                let digest = ContentHash.hex(bytes)
                let png = path.lowercased().hasSuffix(".svg") ? try effects.drawSVG(file, gallery.thumbnails.widths.max() ?? 1920) : bytes
                guard let size = WatermarkImage.size(ofPNG: png) else { throw WatermarkLoadError(reason: "is not a PNG file") }
                guard size.width <= WatermarkImage.maxSide, size.height <= WatermarkImage.maxSide else {
                    throw WatermarkLoadError(reason: "is \(size.width) × \(size.height) px, larger than a mark needs "
                        + "(at most \(WatermarkImage.maxSide) px a side: it is drawn at a fraction of each rendition's width)")
                }
                images[path] = WatermarkImage(png: png, digest: digest)
            } catch {
                throw .watermark(path: path, reason: error is WatermarkLoadError ? "\(error)" : "cannot be read: \(error)")
            }
        }
        return (images, written.map(resolve))
    }

    private func resolve(_ path: String) -> String {
        PathNormalizer.resolve(path, in: directory, home: home)
    }
}
