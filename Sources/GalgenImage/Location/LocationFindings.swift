import GalgenCore

/// What the location scanners have learnt about one file so far: the first place found, the first
/// block that could not be read, and the first GPS position. A scanner stops as soon as a place
/// is found and its position read (`isSettled`).
struct LocationFindings: Sendable {
    private(set) var found: String?
    private(set) var unreadable: String?
    /// The first EXIF GPS position read (`TIFFLocation`): for the build, never for the site.
    private(set) var coordinates: GeoCoordinates?
    /// What the primary image's blocks hold for the metadata readers, gathered on the way
    /// (`MetadataBlocks`); a JPEG's are all gathered even after the verdict is settled.
    var blocks = MetadataBlocks()
    /// How many bytes the scanners may still inflate (zlib) or copy together (HEIF items), so that
    /// no input can make the check take more than bounded time and memory.
    var budget = LocationFindings.budgetBytes

    /// Bytes inflated or gathered per file at most: a real photo's metadata is a few hundred KB.
    static let budgetBytes = 64 << 20
    /// How deep blocks may nest in each other: a thumbnail in EXIF, EXIF in Photoshop resources,
    /// those in EXIF again (a real photo nests two or three deep; the cap keeps the recursion short).
    static let maxDepth = 4

    /// Nothing more can change the verdict, and the coordinates are read: a place named in XMP
    /// does not end the scan before an EXIF GPS block's position is read.
    var isSettled: Bool { found != nil && coordinates != nil }

    mutating func place(_ description: String) {
        if found == nil { found = description }
    }

    mutating func locate(_ position: GeoCoordinates) {
        if coordinates == nil { coordinates = position }
    }

    mutating func cannotRead(_ why: String) {
        if unreadable == nil { unreadable = why }
    }

    /// Takes `count` bytes from the budget; false (and the block noted as unreadable) when it is spent.
    mutating func spend(_ count: Int, on block: String) -> Bool {
        guard count <= budget else {
            overBudget(block)
            return false
        }
        budget -= count
        return true
    }

    mutating func overBudget(_ block: String) {
        cannotRead("\(block) holds more than galgen reads from one photo's metadata (\(Self.budgetBytes >> 20) MB)")
    }

    var check: LocationCheck {
        if let found { return .found(found) }
        if let unreadable { return .unreadable(unreadable) }
        return .none
    }
}

/// Bounds-checked reads of unsigned integers; nil when any byte lies outside the slice.
extension ArraySlice<UInt8> {
    func bigEndian(at offset: Int, _ length: Int) -> Int? {
        guard offset >= startIndex, length >= 0, offset <= endIndex - length else { return nil }
        return self[offset..<(offset + length)].reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian(at offset: Int, _ length: Int) -> Int? {
        guard offset >= startIndex, length >= 0, offset <= endIndex - length else { return nil }
        return self[offset..<(offset + length)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Whether the bytes from `offset` on start with `prefix`.
    func has(_ prefix: [UInt8], at offset: Int) -> Bool {
        offset >= startIndex && offset <= endIndex - prefix.count && self[offset..<(offset + prefix.count)].elementsEqual(prefix)
    }

    /// Whether every byte is zero (a segment or chunk kept only as padding).
    var isAllZero: Bool { allSatisfy { $0 == 0 } }

    /// The first bytes as text for a message: printable ASCII kept, anything else as `.`.
    func printable(_ limit: Int = 24) -> String {
        String(prefix(limit).map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
    }
}

/// Ordinal words for messages ("the second APP1 segment").
enum Ordinal {
    static func word(_ n: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        return n >= 1 && n <= words.count ? words[n - 1] : "\(n)th"
    }
}
