import Yams

extension ConfigReader {
    static let albumKeys = ["title", "slug", "description", "images"]
    static let imageKeys = ["src", "title", "caption", "alt", "slug"]

    mutating func readAlbums(_ node: Node, sources: SourceClassifier) -> [Album] {
        guard !node.isNull else { return [] }
        guard case let .sequence(items) = node else {
            fail(.wrongType(key: "albums", expected: "a list of albums, each starting with '- title:'"), at: node)
            return []
        }
        var albums: [(album: Album, slugNode: Node?, explicit: Bool)] = []
        for (index, item) in items.enumerated() {
            guard let fields = mapping(item, context: "album", allowed: Self.albumKeys) else { continue }
            let title = string(fields["title"], key: "title") ?? "Album \(index + 1)"
            let slug = validSlug(fields["slug"])
            let images = fields["images"].map { readImages($0.value, sources: sources) } ?? []
            let album = Album(title: title, slug: slug ?? "", description: string(fields["description"], key: "description"),
                              images: images)
            albums.append((album, fields["slug"]?.value ?? item, slug != nil))
        }
        let slugs = assignSlugs(albums.map { ($0.album.slug, $0.explicit, $0.slugNode, Slug.make(from: $0.album.title)) },
                                fallback: "album")
        return zip(albums, slugs).map { entry, slug in
            var album = entry.album
            album.slug = slug
            return album
        }
    }

    mutating func readImages(_ node: Node, sources: SourceClassifier) -> [GalleryImage] {
        guard !node.isNull else { return [] }
        guard case let .sequence(items) = node else {
            fail(.wrongType(key: "images", expected: "a list of images, each starting with '- src:'"), at: node)
            return []
        }
        var images: [(image: GalleryImage, slugNode: Node?, explicit: Bool)] = []
        for item in items {
            if let image = readImage(item, sources: sources) { images.append(image) }
        }
        let slugs = assignSlugs(
            images.map { ($0.image.slug, $0.explicit, $0.slugNode, Slug.make(from: $0.image.title)) },
            fallback: "image")
        return zip(images, slugs).map { entry, slug in
            var image = entry.image
            image.slug = slug
            return image
        }
    }

    /// One image: a block with `src:` and optional text, or just the source as a string.
    private mutating func readImage(_ item: Node, sources: SourceClassifier) -> (GalleryImage, Node?, Bool)? {
        if item.isNull {
            fail(.emptySource, at: item)
            return nil
        }
        if case let .scalar(scalar) = item {
            guard let source = classify(scalar.string, node: item, sources: sources) else { return nil }
            let image = GalleryImage(source: source, title: Slug.stem(ofPath: scalar.string), slug: "", location: location(item))
            return (image, item, false)
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
        let slug = validSlug(fields["slug"])
        guard let source = classify(src, node: srcField.value, sources: sources) else { return nil }
        let image = GalleryImage(
            source: source,
            title: string(fields["title"], key: "title") ?? Slug.stem(ofPath: src),
            caption: string(fields["caption"], key: "caption"),
            alt: string(fields["alt"], key: "alt"),
            slug: slug ?? "",
            location: location(item))
        return (image, fields["slug"]?.value ?? item, slug != nil)
    }

    private mutating func classify(_ src: String, node: Node, sources: SourceClassifier) -> ImageSource? {
        switch sources.classify(src) {
        case let .success(source): return source
        case let .failure(kind):
            fail(kind, at: node)
            return nil
        }
    }

    private mutating func validSlug(_ field: Field?) -> String? {
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

    /// Explicit slugs must be unique; derived ones get -2, -3… to stay unique.
    private mutating func assignSlugs(_ entries: [(slug: String, explicit: Bool, node: Node?, derived: String)],
                                      fallback: String) -> [String] {
        // Compared without case: on case-insensitive disks `Beach` and `beach` are one file.
        var taken: [String: SourceLocation] = [:]
        for entry in entries where entry.explicit {
            if let first = taken[entry.slug.lowercased()] {
                fail(.duplicateSlug(entry.slug, firstSeen: first), at: entry.node)
            } else {
                taken[entry.slug.lowercased()] = location(entry.node)
            }
        }
        // The next suffix to try for each base: a candidate found taken stays taken, so resuming there
        // gives the same slugs as counting from 2 every time, in linear instead of quadratic time.
        var nextSuffix: [String: Int] = [:]
        return entries.map { entry in
            guard !entry.explicit else { return entry.slug }
            let base = entry.derived.isEmpty ? fallback : entry.derived
            var candidate = base
            var counter = nextSuffix[base] ?? 2
            if taken[candidate.lowercased()] != nil {
                repeat {
                    candidate = "\(base)-\(counter)"
                    counter += 1
                } while taken[candidate.lowercased()] != nil
                nextSuffix[base] = counter
            }
            taken[candidate.lowercased()] = location(entry.node)
            return candidate
        }
    }
}
