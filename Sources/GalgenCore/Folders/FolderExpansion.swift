import Foundation

/// Folder and glob entries turned into photos, and folder trees into albums, from listings the
/// edge made: pure, so one set of files gives the same gallery on every machine.
public enum FolderExpansion {
    /// The photos a folder or glob entry brings in, in natural order of their paths, each titled
    /// by its file name and without a slug yet; or why it brings in none.
    public static func photos(of group: PhotoGroup, listing: FolderListing) -> Result<(photos: [GalleryImage], report: FolderReport), ConfigError> {
        if let problem = listing.problem {
            return .failure(ConfigError(kind(of: problem, path: group.written), at: group.location))
        }
        let selection = FolderSelection(listing, pattern: group.pattern, exclude: group.exclude)
        guard !selection.photos.isEmpty else {
            let found = FolderSelection.found(selection.skipped)
            let kind: ConfigError.Kind = group.pattern == nil
                ? .emptyFolder(group.written, found: found) : .globMatchedNothing(group.written, found: found)
            return .failure(ConfigError(kind, at: group.location))
        }
        let files = Set(listing.files.map(\.relative))
        let photos = selection.photos.map { file in
            var image = photo(file, root: group.root, writtenRoot: group.writtenRoot, files: files, location: group.location)
            image.fallbackCaption = group.caption
            image.fallbackAlt = group.alt
            image.tags = group.tags
            image.details = group.details
            image.rights = group.rights
            image.watermark = group.watermark
            return image
        }
        return .success((photos, FolderReport(entry: group.written, location: group.location,
                                              files: selection.photos.map(\.relative), skipped: selection.skipped)))
    }

    /// One album for every folder under a tree's root that holds photos (its own, not its
    /// subfolders'), in natural order of the folders' paths, the root's first.
    public static func albums(of tree: AlbumTree, listing: FolderListing) -> Result<(albums: [NewAlbum], report: FolderReport), ConfigError> {
        if let problem = listing.problem {
            return .failure(ConfigError(kind(of: problem, path: tree.written), at: tree.location))
        }
        let selection = FolderSelection(listing, pattern: nil, exclude: tree.exclude)
        guard !selection.photos.isEmpty else {
            return .failure(ConfigError(.noAlbumFolders(tree.written, found: FolderSelection.found(selection.skipped)),
                                        at: tree.location))
        }
        let files = Set(listing.files.map(\.relative))
        let writtenRoot = tree.written.hasSuffix("/") ? tree.written : tree.written + "/"
        var byFolder: [String: [GalleryImage]] = [:]
        for file in selection.photos {
            let folder = file.relative.split(separator: "/").dropLast().joined(separator: "/")
            byFolder[folder, default: []].append(photo(file, root: tree.root, writtenRoot: writtenRoot, files: files, location: tree.location))
        }
        let rootName = tree.root.split(separator: "/").last.map { String($0).nfc } ?? "Photos"
        // The root's own photos first (its key, "", is a prefix of every other), then by path.
        let albums = NaturalOrder.sorted(Array(byFolder.keys)).map { folder in
            let names = folder.split(separator: "/").map { String($0).nfc }
            var album = Album(title: names.isEmpty ? rootName : names.joined(separator: " / "), slug: "",
                              images: withSlugs(byFolder[folder] ?? []))
            album.order = tree.order
            return NewAlbum(album: album, slugBase: Slug.make(from: names.isEmpty ? rootName : names.joined(separator: " ")))
        }
        return .success((albums, FolderReport(entry: tree.written, location: tree.location,
                                              files: selection.photos.map(\.relative), skipped: selection.skipped)))
    }

    /// An album's photos in their listed order: each group's photos in its place among the single
    /// photos. A photo listed on its own is left out of the groups (its own entry says what it is
    /// and where it goes); a photo two groups bring in is an error naming both.
    public static func merge(singles: [GalleryImage], groups: [Placed<ExpandedGroup>]) -> (images: [GalleryImage], errors: [ConfigError]) {
        let listed = Set(singles.map(key))
        var broughtBy: [String: Int] = [:]
        var kept: [[GalleryImage]] = []
        var errors: [ConfigError] = []
        for (index, placed) in groups.enumerated() {
            var own: [GalleryImage] = []
            var twice: [Int: [GalleryImage]] = [:]
            for photo in placed.value.photos where !listed.contains(key(photo)) {
                if let earlier = broughtBy[key(photo)] {
                    twice[earlier, default: []].append(photo)
                } else {
                    broughtBy[key(photo)] = index
                    own.append(photo)
                }
            }
            for (earlier, photos) in twice.sorted(by: { $0.key < $1.key }) {
                let first = groups[earlier].value.group
                errors.append(ConfigError(.broughtInTwice(photo: photos[0].source.description, more: photos.count - 1,
                                                          first: first.written, firstSeen: first.location,
                                                          second: placed.value.group.written),
                                          at: placed.value.group.location))
            }
            kept.append(own)
        }
        var images: [GalleryImage] = []
        for position in 0...singles.count {
            for (index, placed) in groups.enumerated() where placed.position == position { images += kept[index] }
            if position < singles.count { images.append(singles[position]) }
        }
        return (withSlugs(images), errors)
    }

    /// A folder or glob entry and the photos it brought in.
    public struct ExpandedGroup: Equatable, Sendable {
        public var group: PhotoGroup
        public var photos: [GalleryImage]

        public init(group: PhotoGroup, photos: [GalleryImage]) {
            self.group = group
            self.photos = photos
        }
    }

    /// An album made from a folder, before it has a slug unique among the gallery's albums.
    public struct NewAlbum: Equatable, Sendable {
        public var album: Album
        /// The slug it gets unless another album has it: its folder's path as a slug.
        public var slugBase: String
    }

    /// Slugs for the photos that have none (brought in by a folder), from their titles, unique
    /// among the album's slugs without regard to case; photos that have one keep it.
    static func withSlugs(_ images: [GalleryImage]) -> [GalleryImage] {
        var taken = Set(images.filter { !$0.slug.isEmpty }.map { $0.slug.lowercased() }).union(OutputLayout.reservedNames)
        return images.map { image in
            guard image.slug.isEmpty else { return image }
            var named = image
            named.slug = unique(Slug.make(from: image.title), fallback: "image", taken: &taken)
            return named
        }
    }

    /// Albums from trees placed among the listed ones, each new album given a slug unique among all.
    public static func place(_ trees: [Placed<[NewAlbum]>], among albums: [Album]) -> [Album] {
        var taken = Set(albums.map { $0.slug.lowercased() }).union(OutputLayout.reservedNames)
        var result: [Album] = []
        for position in 0...albums.count {
            for placed in trees where placed.position == position {
                for new in placed.value {
                    var album = new.album
                    album.slug = unique(new.slugBase, fallback: "album", taken: &taken)
                    result.append(album)
                }
            }
            if position < albums.count { result.append(albums[position]) }
        }
        return result
    }

    /// `base`, or `base-2`, `base-3`… the first not yet taken; then taken.
    static func unique(_ base: String, fallback: String, taken: inout Set<String>) -> String {
        let base = base.isEmpty ? fallback : base
        var candidate = base
        var counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = Slug.shortened(base) + "-\(counter)"
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// A photo a folder brought in: its paths as written (under the entry's folder) and on disk,
    /// its file name's stem as title, and the sidecar beside it, if any.
    static func photo(_ file: ListedFile, root: String, writtenRoot: String, files: Set<String>, location: SourceLocation) -> GalleryImage {
        let resolved = root.hasSuffix("/") ? root + file.relative : root + "/" + file.relative
        let name = FolderSelection.name(of: file.relative)
        var image = GalleryImage(source: .local(written: writtenRoot + file.relative, resolved: resolved),
                                 title: Slug.stem(ofPath: name).nfc, slug: "", location: location)
        image.titleGiven = false
        image.modified = file.modified
        let folder = String(file.relative.dropLast(name.count))
        image.sidecarPath = Sidecar.candidates(for: name).first { files.contains(folder + $0) }
            .map { (root.hasSuffix("/") ? root : root + "/") + folder + $0 }
        return image
    }

    /// Two paths to one file compare equal however their names are normalised (macOS writes NFD).
    static func key(_ image: GalleryImage) -> String {
        switch image.source {
        case let .local(_, resolved): "f:" + resolved.nfc
        case let .remote(url): "u:" + url
        }
    }

    static func kind(of problem: FolderListing.Problem, path: String) -> ConfigError.Kind {
        switch problem {
        case .missing: .folderMissing(path)
        case .notAFolder: .notAFolder(path)
        case let .unreadable(reason): .folderUnreadable(path, reason: reason)
        }
    }
}
