extension HEIFItems {
    /// The primary item's own metadata, as libheif hands it to a decoder: the first `Exif` item
    /// and the first XMP item (in `iinf` order) that describe the primary item (`pitm`) through a
    /// `cdsc` reference (`iref`). What its words and camera facts are read from (`MetadataBlocks`);
    /// a damaged item gives no block here (the location walk says why).
    static func primaryBlocks(items: [Item], locations: [Int: Location], children: [BMFFBox], store: Store) -> MetadataBlocks {
        guard let pitm = children.first(where: { $0.type == "pitm" }), let primary = primaryItem(pitm),
              let iref = children.first(where: { $0.type == "iref" }) else { return MetadataBlocks() }
        let describing = itemsDescribing(primary, in: iref)
        func data(_ item: Item) -> ArraySlice<UInt8>? {
            guard describing.contains(item.id), !item.isProtected, item.contentEncoding.isEmpty, let location = locations[item.id] else {
                return nil
            }
            var scratch = LocationFindings()
            return bytes(of: location, store: store, named: "", into: &scratch)?[...]
        }
        var blocks = MetadataBlocks()
        blocks.exif = items.lazy.filter { $0.type == "Exif" }.compactMap { data($0).flatMap(exifTIFF) }.first
        blocks.xmp = items.lazy.filter(isXMP).compactMap(data).first
        return blocks
    }

    /// Whether an item is an XMP packet (a `mime` item of one of XMP's content types).
    static func isXMP(_ item: Item) -> Bool {
        item.type == "mime" && ["application/rdf+xml", "application/xmp+xml", "text/xml", "application/xml"]
            .contains(item.contentType.lowercased())
    }

    /// The id a `pitm` box names.
    static func primaryItem(_ pitm: BMFFBox) -> Int? {
        guard let (version, body) = pitm.full else { return nil }
        return body.bigEndian(at: body.startIndex, version == 0 ? 2 : 4)
    }

    /// The items with a `cdsc` ("content describes") reference to `target`.
    static func itemsDescribing(_ target: Int, in iref: BMFFBox) -> Set<Int> {
        guard let (version, body) = iref.full, case .success(let references) = BMFFBox.boxes(in: body) else { return [] }
        let idSize = version == 0 ? 2 : 4
        var items: Set<Int> = []
        for reference in references where reference.type == "cdsc" {
            var reader = FieldReader(bytes: reference.body)
            guard let from = reader.number(idSize), let count = reader.number(2) else { continue }
            for _ in 0..<count {
                guard let to = reader.number(idSize) else { break }
                if to == target { items.insert(from) }
            }
        }
        return items
    }
}
