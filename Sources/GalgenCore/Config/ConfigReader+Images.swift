import Yams

extension ConfigReader {
    static let albumKeys = ["title", "slug", "description", "images", "sort", "reverse", "downloads", "unlisted", "private", "details", "rights", "watermark"]
    static let folderAlbumKeys = ["folders", "exclude", "sort", "reverse"]
    static let imageKeys = ["src", "title", "caption", "alt", "slug", "exclude", "poster", "tags", "details", "rights", "watermark"]

    /// `albums:` as a list of albums (each may be `- folders: photos/`), or as one folder whose
    /// subfolders become the albums.
    mutating func readAlbums(_ node: Node, order: PhotoOrder, sources: SourceClassifier) -> (albums: [Album], trees: [Placed<AlbumTree>]) {
        guard !node.isNull else { return ([], []) }
        if case .scalar = node {
            guard let tree = readTree(node, exclude: [], order: nil, sources: sources) else { return ([], []) }
            return ([], [Placed(tree, at: 0)])
        }
        guard case let .sequence(items) = node else {
            fail(.wrongType(key: "albums", expected: "a list of albums, each starting with '- title:', or a folder such as photos/"), at: node)
            return ([], [])
        }
        var albums: [(album: Album, slugNode: Node?, explicit: Bool)] = []
        var trees: [Placed<AlbumTree>] = []
        for (index, item) in items.enumerated() {
            if case let .mapping(mapping) = item, mapping.keys.contains(where: { $0.scalar?.string == "folders" }) {
                if let tree = readTreeEntry(item, sources: sources) { trees.append(Placed(tree, at: albums.count)) }
                continue
            }
            guard let fields = mapping(item, context: "album", allowed: Self.albumKeys) else { continue }
            let title = string(fields["title"], key: "title") ?? "Album \(index + 1)"
            let slug = validSlug(fields["slug"])
            let list = fields["images"].map { readImages($0.value, sources: sources) } ?? ImageList()
            var album = Album(title: title, slug: slug ?? "", description: string(fields["description"], key: "description"),
                              images: list.images)
            album.groups = list.groups
            album.order = readOrder(fields, inherited: order)
            album.downloads = readDownloads(fields["downloads"], key: "downloads")
            album.details = readDetails(fields["details"])
            album.rights = readRights(fields["rights"])
            album.watermark = readWatermark(fields["watermark"])
            (album.unlisted, album.unlistedToken) = readUnlisted(fields["unlisted"])
            album.privateAccess = readPrivate(fields["private"])
            if album.privateAccess != nil, album.unlisted, let unlisted = fields["unlisted"] {
                fail(.conflictingKeys("private", "unlisted"), at: unlisted.key)
            }
            albums.append((album, fields["slug"]?.value ?? item, slug != nil))
        }
        let slugs = assignSlugs(albums.map { ($0.album.slug, $0.explicit, $0.slugNode, Slug.make(from: $0.album.title)) },
                                fallback: "album")
        let named = zip(albums, slugs).map { entry, slug in
            var album = entry.album
            album.slug = slug
            return album
        }
        return (named, trees)
    }

    /// `sort:` and `reverse:` of a block; nil when it sets neither (the enclosing order applies).
    mutating func readOrder(_ fields: [String: Field], inherited: PhotoOrder) -> PhotoOrder? {
        let key = choice(fields["sort"], key: "sort", as: PhotoOrder.Key.self)
        let reverse = bool(fields["reverse"], key: "reverse")
        guard key != nil || reverse != nil else { return nil }
        return PhotoOrder(key ?? inherited.key, reverse: reverse ?? inherited.reverse)
    }

    /// `- folders: photos/` with its own `exclude`, `sort` and `reverse`.
    private mutating func readTreeEntry(_ item: Node, sources: SourceClassifier) -> AlbumTree? {
        guard let fields = mapping(item, context: "folder albums", allowed: Self.folderAlbumKeys),
              let folders = fields["folders"] else { return nil }
        let exclude = patterns(fields["exclude"])
        return readTree(folders.value, exclude: exclude, order: readOrder(fields, inherited: PhotoOrder()), sources: sources)
    }

    private mutating func readTree(_ node: Node, exclude: [GlobPattern], order: PhotoOrder?, sources: SourceClassifier) -> AlbumTree? {
        guard case let .scalar(scalar) = node, !node.isNull else {
            fail(.wrongType(key: "folders", expected: "one folder, such as photos/"), at: node)
            return nil
        }
        let written = scalar.string.trimmingCharacters(in: .whitespaces)
        guard case let .local(_, resolved) = classifyLocal(written, node: node, sources: sources) else { return nil }
        guard !GlobPattern.isPattern(written) else {
            fail(.wrongType(key: "folders", expected: "one folder, not a pattern; leave photos out with 'exclude:'"), at: node)
            return nil
        }
        return AlbumTree(written: written, root: resolved, exclude: exclude, order: order, location: location(node))
    }

    /// A source that must be on this machine (folders are never URLs).
    private mutating func classifyLocal(_ src: String, node: Node, sources: SourceClassifier) -> ImageSource? {
        guard let source = classify(src, node: node, sources: sources) else { return nil }
        if case .remote = source {
            fail(.wrongType(key: "folders", expected: "a folder on this machine; web addresses are listed one photo per entry"), at: node)
            return nil
        }
        return source
    }

    mutating func bool(_ field: Field?, key: String) -> Bool? {
        guard let field, !field.value.isNull else { return nil }
        guard let value = Self.boolean(field) else {
            fail(.wrongType(key: key, expected: "true or false"), at: field.value)
            return nil
        }
        return value
    }

    /// A plain (unquoted) true/yes/on or false/no/off, in any case; nil for anything else.
    static func boolean(_ field: Field) -> Bool? {
        guard case let .scalar(scalar) = field.value, scalar.style == .plain else { return nil }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// `exclude:` as one pattern or a list of them.
    mutating func patterns(_ field: Field?) -> [GlobPattern] {
        guard let field, !field.value.isNull else { return [] }
        if case let .scalar(scalar) = field.value { return [GlobPattern(scalar.string)] }
        return (stringList(field, key: "exclude") ?? []).map(GlobPattern.init)
    }

    /// The photos of one album: single photos, and the folders and globs placed among them.
    struct ImageList {
        var images: [GalleryImage] = []
        var groups: [Placed<PhotoGroup>] = []
    }

    /// `images:` as a list, or as one folder or glob (`images: photos/`).
    mutating func readImages(_ node: Node, sources: SourceClassifier) -> ImageList {
        guard !node.isNull else { return ImageList() }
        let items: [Node]
        switch node {
        case .scalar: items = [node]
        case let .sequence(sequence): items = Array(sequence)
        default:
            fail(.wrongType(key: "images", expected: "a list of images, each starting with '- src:', or a folder such as photos/"), at: node)
            return ImageList()
        }
        var images: [(image: GalleryImage, slugNode: Node?, explicit: Bool)] = []
        var groups: [Placed<PhotoGroup>] = []
        for item in items {
            switch readImage(item, sources: sources) {
            case let .photo(image, node, explicit)?: images.append((image, node, explicit))
            case let .group(group)?: groups.append(Placed(group, at: images.count))
            case nil: continue
            }
        }
        let slugs = assignSlugs(
            images.map { ($0.image.slug, $0.explicit, $0.slugNode, Slug.make(from: $0.image.title)) },
            fallback: "image")
        let named = zip(images, slugs).map { entry, slug in
            var image = entry.image
            image.slug = slug
            return image
        }
        return ImageList(images: named, groups: groups)
    }

    private enum Entry {
        case photo(GalleryImage, Node?, Bool)
        case group(PhotoGroup)
    }

    /// One entry: a block with `src:` and optional text, or just the source as a string.
    private mutating func readImage(_ item: Node, sources: SourceClassifier) -> Entry? {
        if item.isNull {
            fail(.emptySource, at: item)
            return nil
        }
        if case let .scalar(scalar) = item {
            guard let source = classify(scalar.string, node: item, sources: sources) else { return nil }
            if case let .local(written, resolved) = source,
               let group = PhotoGroup.parse(written: written, resolved: resolved, location: location(item)) {
                return .group(group)
            }
            var image = GalleryImage(source: source, title: Slug.stem(ofPath: scalar.string), slug: "", location: location(item))
            image.titleGiven = false
            return .photo(image, item, false)
        }
        guard let fields = mapping(item, context: "image", allowed: Self.imageKeys) else { return nil }
        guard let srcField = fields["src"] else {
            fail(.missingKey("src", context: "this image"), at: item)
            return nil
        }
        guard let src = string(srcField, key: "src") else {
            if srcField.value.isNull { fail(.emptySource, at: srcField.value) }
            return nil
        }
        guard let source = classify(src, node: srcField.value, sources: sources) else { return nil }
        if case let .local(written, resolved) = source,
           var group = PhotoGroup.parse(written: written, resolved: resolved, location: location(item)) {
            for key in ["title", "slug"] where fields[key] != nil {
                fail(.keyOnFolder(key, folder: written), at: fields[key]?.key)
            }
            group.caption = string(fields["caption"], key: "caption")
            group.alt = string(fields["alt"], key: "alt")
            group.exclude = patterns(fields["exclude"])
            group.tags = tagList(fields["tags"])
            group.details = readDetails(fields["details"])
            group.rights = readRights(fields["rights"])
            group.watermark = readWatermark(fields["watermark"])
            return .group(group)
        }
        if let exclude = fields["exclude"] {
            fail(.excludeOnPhoto(src), at: exclude.key)
        }
        let slug = validSlug(fields["slug"])
        let title = string(fields["title"], key: "title")
        var image = GalleryImage(
            source: source,
            title: title ?? Slug.stem(ofPath: src),
            caption: string(fields["caption"], key: "caption"),
            alt: string(fields["alt"], key: "alt"),
            slug: slug ?? "",
            location: location(item))
        image.titleGiven = title != nil
        image.posterTime = seconds(fields["poster"], key: "poster")
        image.tags = tagList(fields["tags"])
        image.details = readDetails(fields["details"])
        image.rights = readRights(fields["rights"])
        image.watermark = readWatermark(fields["watermark"])
        return .photo(image, fields["slug"]?.value ?? item, slug != nil)
    }

    mutating func classify(_ src: String, node: Node, sources: SourceClassifier) -> ImageSource? {
        switch sources.classify(src) {
        case let .success(source): return source
        case let .failure(kind):
            fail(kind, at: node)
            return nil
        }
    }

    mutating func validSlug(_ field: Field?) -> String? {
        guard let slug = string(field, key: "slug") else { return nil }
        guard Slug.isValid(slug) else {
            fail(.invalidSlug(slug), at: field?.value)
            return nil
        }
        guard slug.utf8.count <= Slug.maximumLength else {
            fail(.slugTooLong(slug, limit: Slug.maximumLength), at: field?.value)
            return nil
        }
        return slug
    }

    /// Explicit slugs must be unique and not one of the site's own folders; derived ones get -2,
    /// -3… to stay unique and clear of those folders.
    mutating func assignSlugs(_ entries: [(slug: String, explicit: Bool, node: Node?, derived: String)],
                                      fallback: String) -> [String] {
        // Compared without case: on case-insensitive disks `Beach` and `beach` are one file.
        var taken: [String: SourceLocation] = [:]
        for entry in entries where entry.explicit {
            if OutputLayout.reservedNames.contains(entry.slug.lowercased()) {
                fail(.reservedSlug(entry.slug), at: entry.node)
            } else if let first = taken[entry.slug.lowercased()] {
                fail(.duplicateSlug(entry.slug, firstSeen: first), at: entry.node)
            } else {
                taken[entry.slug.lowercased()] = location(entry.node)
            }
        }
        // The next suffix to try for each base: a candidate found taken stays taken, so resuming there
        // gives the same slugs as counting from 2 every time, in linear instead of quadratic time.
        var nextSuffix: [String: Int] = [:]
        let isTaken = { (slug: String) in taken[slug.lowercased()] != nil || OutputLayout.reservedNames.contains(slug.lowercased()) }
        return entries.map { entry in
            guard !entry.explicit else { return entry.slug }
            let base = entry.derived.isEmpty ? fallback : entry.derived
            var candidate = base
            var counter = nextSuffix[base] ?? 2
            if isTaken(candidate) {
                repeat {
                    candidate = "\(base)-\(counter)"
                    counter += 1
                } while isTaken(candidate)
                nextSuffix[base] = counter
            }
            taken[candidate.lowercased()] = location(entry.node)
            return candidate
        }
    }
}
