/// The items of a HEIF `meta` box (`iinf`) and where their bytes are (`iloc`), read for the
/// location check.
enum HEIFItems {
    struct Item {
        var id: Int
        /// The four-character type; "mime" for the MIME items of `infe` versions 0 and 1.
        var type: String
        var contentType = ""
        var contentEncoding = ""
        var isProtected = false
    }

    struct Location {
        /// 0: offsets in the file; 1: in the `idat` box; 2: other items (not read).
        var method: Int
        var dataReference: Int
        var extents: [(offset: Int, length: Int)]
    }

    struct ReadError: Error {
        var message: String
    }

    /// Image items: coded pixels, grids, overlays, tone maps, masks.
    static let imageTypes: Set<String> = ["hvc1", "hev1", "av01", "grid", "iden", "iovl", "hvt1", "lhv1", "avc1", "vvc1", "vvi1",
                                          "j2k1", "unci", "tmap", "mski", "evc1"]
    /// Bytes of one metadata item read at most (an Exif item is a few KB, XMP a few tens).
    static let maxItemBytes = 16 << 20
    /// Extents read at most from one `iloc` box (a photo has one or two per item).
    static let maxExtents = 1 << 20

    /// The entries of an `iinf` box.
    static func items(in iinf: BMFFBox) throws(ReadError) -> [Item] {
        guard let (version, body) = iinf.full else { throw ReadError(message: "its 'iinf' box is cut short") }
        let entries: [BMFFBox]
        switch BMFFBox.boxes(in: body.dropFirst(version == 0 ? 2 : 4)) {
        case .success(let boxes): entries = boxes
        case .failure(let error): throw ReadError(message: error.describe(in: "its 'iinf' box"))
        }
        return try entries.map { entry throws(ReadError) in
            guard entry.type == "infe", let item = item(entry) else {
                throw ReadError(message: "its 'iinf' box holds a '\(entry.type.printableType)' box that is not a readable item entry")
            }
            return item
        }
    }

    private static func item(_ infe: BMFFBox) -> Item? {
        guard let (version, body) = infe.full else { return nil }
        var reader = FieldReader(bytes: body)
        guard let id = reader.number(version == 3 ? 4 : 2), let protection = reader.number(2) else { return nil }
        var item = Item(id: id, type: "mime", isProtected: protection != 0)
        if version >= 2 {
            guard let type = reader.fourCC() else { return nil }
            item.type = type
        }
        guard reader.string() != nil else { return nil }  // the item's name
        if item.type == "mime" {
            guard let contentType = reader.string() else { return nil }
            item.contentType = contentType
            item.contentEncoding = reader.string() ?? ""  // optional
        }
        return item
    }

    /// The item locations of an `iloc` box, by item id.
    static func locations(in iloc: BMFFBox) throws(ReadError) -> [Int: Location] {
        guard let (version, body) = iloc.full, version <= 2 else {
            throw ReadError(message: "its 'iloc' box is of a version galgen does not read")
        }
        var reader = FieldReader(bytes: body)
        let fail = ReadError(message: "its 'iloc' box is cut short or damaged")
        guard let sizes = reader.number(1), let more = reader.number(1) else { throw fail }
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version == 0 ? 0 : more & 15
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }),
              let count = reader.number(version < 2 ? 2 : 4) else { throw fail }
        var locations: [Int: Location] = [:]
        var totalExtents = 0
        for _ in 0..<count {
            guard let id = reader.number(version < 2 ? 2 : 4), let method = version == 0 ? 0 : reader.number(2).map({ $0 & 15 }),
                  let reference = reader.number(2), let base = reader.number(baseSize), let extentCount = reader.number(2)
            else { throw fail }
            totalExtents += extentCount
            guard totalExtents <= maxExtents else { throw ReadError(message: "its 'iloc' box lists more than \(maxExtents) extents") }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                guard reader.number(indexSize) != nil, let offset = reader.number(offsetSize), let length = reader.number(lengthSize)
                else { throw fail }
                let (start, overflow) = base.addingReportingOverflow(offset)
                guard !overflow else { throw fail }
                extents.append((start, length))
            }
            guard locations[id] == nil else { throw ReadError(message: "its 'iloc' box places item \(id) twice") }
            locations[id] = Location(method: method, dataReference: reference, extents: extents)
        }
        return locations
    }
}

/// Fields read one after another from a box's contents, bounds-checked.
struct FieldReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    /// A big-endian number of `size` bytes (0 bytes read as 0).
    mutating func number(_ size: Int) -> Int? {
        guard let value = size == 0 ? 0 : bytes.bigEndian(at: offset, size), value >= 0 else { return nil }
        offset += size
        return value
    }

    mutating func fourCC() -> String? {
        guard offset <= bytes.endIndex - 4 else { return nil }
        defer { offset += 4 }
        return String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    /// A NUL-terminated string.
    mutating func string() -> String? {
        guard offset < bytes.endIndex, let nul = bytes[offset...].firstIndex(of: 0) else { return nil }
        defer { offset = nul + 1 }
        return String(decoding: bytes[offset..<nul], as: UTF8.self)
    }
}
