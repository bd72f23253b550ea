import GalgenCore

/// Folders, globs and folder trees turned into photos and albums, and sidecar files read: the
/// part of the configuration stage that looks at the disk. The decisions are `FolderExpansion`'s.
extension BuildPipeline {
    /// What expansion adds to the gallery: its photos and albums, and what `galgen serve` must watch.
    struct Expanded {
        var gallery: Gallery
        /// Every folder walked (`/`-terminated: the folder itself, whose stamp changes when a file
        /// in it is added, removed or renamed) and every sidecar read.
        var inputs: [String]
    }

    func expand(_ parsed: Gallery, in directory: String) throws(BuildError) -> Expanded {
        var gallery = parsed
        var inputs: [String] = []
        var errors: [ConfigError] = []
        var sidecarNames = SidecarNames(list: effects.folderNames)
        gallery.albums = gallery.albums.map { expandAlbum($0, in: directory, sidecarNames: &sidecarNames, inputs: &inputs, errors: &errors) }
        var trees: [Placed<[FolderExpansion.NewAlbum]>] = []
        for placed in gallery.trees {
            let listing = effects.listFolder(placed.value.root, nil, [directory, placed.value.root])
            inputs += Self.watched(listing)
            switch FolderExpansion.albums(of: placed.value, listing: listing) {
            case let .success((albums, report)):
                tell(report)
                trees.append(Placed(albums, at: placed.position))
            case let .failure(error):
                errors.append(error)
            }
        }
        gallery.albums = FolderExpansion.place(trees, among: gallery.albums)
        gallery.trees = []
        let livePhotos = gallery.thumbnails.video.livePhotos
        gallery.albums = gallery.albums.map { album in
            var album = album
            album.images = MediaPairing.pair(album.images, livePhotos: livePhotos)
            return album
        }
        readSidecars(&gallery, directory: directory, inputs: &inputs, errors: &errors)
        errors += PlaceIndex.folderConflicts(gallery)
        guard errors.isEmpty else { throw .config(ConfigErrors(ConfigErrors.inFileOrder(errors))) }
        var seen = Set<String>()
        return Expanded(gallery: gallery, inputs: inputs.filter { seen.insert($0).inserted })
    }

    /// One album's photos: its folder and glob entries (and single `src`s that turn out to be
    /// folders) expanded in their places, its single photos stamped and their sidecars found.
    private func expandAlbum(_ parsed: Album, in directory: String, sidecarNames: inout SidecarNames, inputs: inout [String],
                             errors: inout [ConfigError]) -> Album {
        var album = parsed
        var singles: [GalleryImage] = []
        var groups: [Placed<PhotoGroup>] = []
        // Parsed groups are placed by their position among the parsed photos; a photo that turns
        // out to be a folder leaves that list, so positions are counted again as photos are kept.
        let parsedGroups = parsed.groups.sorted { $0.position < $1.position }
        var nextGroup = parsedGroups.startIndex
        let entries: [(Int, GalleryImage?)] = parsed.images.enumerated().map { ($0.offset, $0.element) } + [(parsed.images.count, nil)]
        for (index, image) in entries {
            while nextGroup < parsedGroups.endIndex, parsedGroups[nextGroup].position <= index {
                groups.append(Placed(parsedGroups[nextGroup].value, at: singles.count))
                nextGroup += 1
            }
            guard let image else { break }
            switch localKind(image) {
            case .folder?:
                if let group = folderGroup(image, errors: &errors) { groups.append(Placed(group, at: singles.count)) }
            case let .file(modified)?:
                var image = image
                image.modified = modified
                image.sidecarPath = sidecarBeside(image, directory: directory, names: &sidecarNames)
                // Its folder's listing changes when a sidecar is put beside it.
                if case let .local(_, resolved) = image.source, let slash = resolved.utf8.lastIndex(of: UInt8(ascii: "/")) {
                    inputs.append(String(resolved[...slash]))
                }
                singles.append(image)
            default:
                singles.append(image)
            }
        }
        var expanded: [Placed<FolderExpansion.ExpandedGroup>] = []
        for placed in groups {
            let listing = effects.listFolder(placed.value.root, placed.value.maxDepth, [directory, placed.value.root])
            inputs += Self.watched(listing)
            switch FolderExpansion.photos(of: placed.value, listing: listing) {
            case let .success((photos, report)):
                tell(report)
                expanded.append(Placed(FolderExpansion.ExpandedGroup(group: placed.value, photos: photos), at: placed.position))
            case let .failure(error):
                errors.append(error)
            }
        }
        let merged = FolderExpansion.merge(singles: singles, groups: expanded)
        errors += merged.errors
        album.images = merged.images
        album.groups = []
        return album
    }

    /// The folders a walk looked into, as watched inputs (`/`-terminated: their listings).
    static func watched(_ listing: FolderListing) -> [String] {
        listing.folders.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// What an entry left out, when it left out anything.
    private func tell(_ report: FolderReport) {
        guard let summary = report.skippedText else { return }
        effects.report(.folderSkipped(entry: report.entry, summary: summary))
    }

    /// How a single local `src` looks on disk; nil for a web address.
    private func localKind(_ image: GalleryImage) -> PathKind? {
        guard case let .local(_, resolved) = image.source else { return nil }
        return effects.pathKind(resolved)
    }

    /// A single `src` that is a folder on disk: every photo in it, with its caption and alt text
    /// as the photos' fallbacks. A title cannot be every photo's.
    private func folderGroup(_ image: GalleryImage, errors: inout [ConfigError]) -> PhotoGroup? {
        guard case let .local(written, resolved) = image.source else { return nil }
        if image.titleGiven {
            errors.append(ConfigError(.keyOnFolder("title", folder: written), at: image.location))
            return nil
        }
        return PhotoGroup(written: written + "/", root: resolved, caption: image.caption, alt: image.alt, location: image.location)
    }

    /// The first sidecar candidate beside a single photo that is a file. One that is a symlink
    /// leading out of gallery.yml's folder and the photo's own is not read, as a folder's walk
    /// would not follow it: it could publish any file the user can read as a caption.
    private func sidecarBeside(_ image: GalleryImage, directory: String, names: inout SidecarNames) -> String? {
        // By bytes (`/` is ASCII): a search by `Character` cost a gallery of 10,000 photos a tenth of a second.
        guard case let .local(_, resolved) = image.source, let slash = resolved.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = String(resolved[...slash])
        let name = String(resolved[resolved.index(after: slash)...])
        for candidate in Sidecar.candidates(for: name) where names.mayHold(candidate, in: folder) {
            let path = folder + candidate
            guard case .file = effects.pathKind(path) else { continue }
            if effects.leadsOutside(path, [directory, folder]) {
                effects.report(.imageWarning(source: Self.shown(path, relativeTo: directory),
                                             message: "this sidecar was not read: it symlinks leading out of the gallery's folder "
                                                 + "(copy the file beside the photo instead of linking it)"))
                continue
            }
            return path
        }
        return nil
    }

    /// Reads and parses every photo's sidecar; a sidecar that cannot be read or parsed is an
    /// error at its own line, like gallery.yml's.
    private func readSidecars(_ gallery: inout Gallery, directory: String, inputs: inout [String], errors: inout [ConfigError]) {
        var parsed: [String: SidecarWords] = [:]
        for albumIndex in gallery.albums.indices {
            for imageIndex in gallery.albums[albumIndex].images.indices {
                guard let path = gallery.albums[albumIndex].images[imageIndex].sidecarPath else { continue }
                if parsed[path] == nil {
                    inputs.append(path)
                    let shown = Self.shown(path, relativeTo: directory)
                    do {
                        let bytes = try effects.readFile(path, .sidecar)
                        switch Sidecar.parse(bytes, name: path) {
                        case let .success(words): parsed[path] = words
                        case let .failure(problem):
                            errors.append(ConfigError(.sidecar(problem.message), at: SourceLocation(file: shown, line: problem.line ?? 1, column: 1)))
                            parsed[path] = SidecarWords()
                        }
                    } catch {
                        errors.append(ConfigError(.sidecar("cannot read this sidecar file: \(error)"), at: SourceLocation(file: shown, line: 1, column: 1)))
                        parsed[path] = SidecarWords()
                    }
                }
                gallery.albums[albumIndex].images[imageIndex].sidecar = parsed[path]
            }
        }
    }

    /// A path under gallery.yml's folder relative to it, as people wrote it; others as they are.
    static func shown(_ path: String, relativeTo directory: String) -> String {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
