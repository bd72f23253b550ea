/// A HEIF or AVIF file read for a location from its ISO-BMFF boxes: every item of every `meta`
/// box, primary or not (`HEIFItems`): each `Exif` item's EXIF, each XMP (`mime`
/// application/rdf+xml) item, a `jpeg` item's own segments. Image items (HEVC, AV1, grids,
/// overlays, tone maps) hold no location; any other item, a top-level box other than `ftyp`,
/// `meta`, `mdat`, `free` and `skip` (an image sequence's `moov` tracks, Samsung's `sefd`), an
/// item stored outside the file or in a way galgen does not read, or a box that runs past its
/// parent make the file unreadable. Item properties (`iprp`) describe pixels and are not read.
enum HEIFLocation {
    static let quietTopLevel: Set<String> = ["ftyp", "mdat", "free", "skip"]
    static let metaChildren: Set<String> = ["hdlr", "pitm", "iinf", "iloc", "iref", "iprp", "idat", "dinf", "grpl"]

    static func scan(_ bytes: ArraySlice<UInt8>, into findings: inout LocationFindings) {
        let top: [BMFFBox]
        switch BMFFBox.boxes(in: bytes) {
        case .success(let boxes): top = boxes
        case .failure(let error): return findings.cannotRead(error.describe(in: "the file"))
        }
        let metaBoxes = top.filter { $0.type == "meta" }.count
        for (index, box) in top.enumerated() where !findings.isSettled {
            switch box.type {
            case "meta":
                let first = top.firstIndex { $0.type == "meta" } == index
                meta(box, named: metaBoxes > 1 ? "its meta box \(index + 1)" : "its meta box", gathers: first, file: bytes, into: &findings)
            case _ where quietTopLevel.contains(box.type): continue
            case "moov": findings.cannotRead("it has a 'moov' box (an image sequence's tracks), which galgen does not read")
            default: findings.cannotRead("it has a top-level '\(box.type.printableType)' box, a kind galgen does not read")
            }
        }
    }

    /// `gathers`: the first `meta` box, whose primary item's metadata the readers take (`MetadataBlocks`).
    private static func meta(_ box: BMFFBox, named: String, gathers: Bool, file: ArraySlice<UInt8>,
                             into findings: inout LocationFindings) {
        guard let (_, body) = box.full else { return findings.cannotRead("\(named) is cut short") }
        let children: [BMFFBox]
        switch BMFFBox.boxes(in: body) {
        case .success(let boxes): children = boxes
        case .failure(let error): return findings.cannotRead(error.describe(in: named))
        }
        if let other = children.first(where: { !metaChildren.contains($0.type) }) {
            return findings.cannotRead("\(named) holds a '\(other.type.printableType)' box, a kind galgen does not read")
        }
        let iinf = children.filter { $0.type == "iinf" }, iloc = children.filter { $0.type == "iloc" }
        let idat = children.filter { $0.type == "idat" }
        guard iinf.count <= 1, iloc.count <= 1, idat.count <= 1 else {
            return findings.cannotRead("\(named) has more than one 'iinf', 'iloc' or 'idat' box")
        }
        guard let info = iinf.first else { return }
        let items: [HEIFItems.Item], locations: [Int: HEIFItems.Location]
        do {
            items = try HEIFItems.items(in: info)
            locations = try iloc.first.map(HEIFItems.locations(in:)) ?? [:]
        } catch {
            return findings.cannotRead("\(named): \(error.message)")
        }
        let store = HEIFItems.Store(file: file, idat: idat.first?.body)
        if gathers {
            findings.blocks = HEIFItems.primaryBlocks(items: items, locations: locations, children: children, store: store)
        }
        for item in items where !findings.isSettled {
            HEIFItems.scan(item, location: locations[item.id], store: store, into: &findings)
        }
    }
}

extension String {
    /// A four-character code for a message: anything unprintable as `?`.
    var printableType: String { String(unicodeScalars.map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" }) }
}
