import GalgenJPEG
import GalgenPixels

/// The IPTC IIM datasets galgen reads from a photo, decoded to text, otherwise as written.
public struct IPTCFields: Equatable, Sendable {
    /// 2:05 Object Name.
    public var objectName: String?
    /// 2:120 Caption/Abstract.
    public var caption: String?
    /// 2:55 Date Created, `CCYYMMDD`.
    public var dateCreated: String?
    /// 2:60 Time Created, `HHMMSS±HHMM`.
    public var timeCreated: String?
    /// 2:25 Keywords: every one, in order (the dataset repeats, one keyword each).
    public var keywords: [String] = []
    /// 2:80 By-line (the creator) and 2:116 Copyright Notice.
    public var byline: String? = nil
    public var copyrightNotice: String? = nil

    public init(objectName: String? = nil, caption: String? = nil, dateCreated: String? = nil, timeCreated: String? = nil,
                keywords: [String] = []) {
        self.objectName = objectName
        self.caption = caption
        self.dateCreated = dateCreated
        self.timeCreated = timeCreated
        self.keywords = keywords
    }
}

/// Reads IPTC IIM from a JPEG: APP13 "Photoshop 3.0" → resource block 0x0404 → datasets.
///
/// Photoshop splits resources too large for one segment over several APP13 segments, each with
/// the same header, so the payloads of all of them are joined (at most `maxResourceBytes`) before
/// the resource blocks are walked; the first 0x0404 block is read. Text is UTF-8 when 1:90 Coded
/// Character Set says so (`ESC % G`); otherwise UTF-8 if the bytes are valid UTF-8, else
/// Windows-1252 (which covers Latin-1's letters). Bounded: every length is checked against the
/// bytes left, extended-length datasets are skipped, at most `maxDatasets` are read, and a value
/// is decoded from at most `maxValueBytes`.
public enum IPTCReader {
    /// What starts the payload of an APP13 segment holding Photoshop image resources.
    public static let signature = Array("Photoshop 3.0\0".utf8)
    /// Joined resource bytes read at most.
    public static let maxResourceBytes = 1 << 20
    static let maxDatasets = 10_000
    static let maxValueBytes = 32 * 1024
    /// 1:90's value for UTF-8 (ISO 2022's escape for it).
    static let utf8Escape: [UInt8] = [0x1B, 0x25, 0x47]

    /// The fields of the JPEG's IPTC; empty fields when it has none.
    public static func read(jpeg bytes: [UInt8]) -> IPTCFields {
        read(resources: MetadataBlocks(jpeg: bytes).photoshop)
    }

    /// The fields of Photoshop image resources (the APP13 payload after its header).
    public static func read(resources: [UInt8]) -> IPTCFields {
        PhotoshopResources.data(of: 0x0404, in: resources.prefix(maxResourceBytes)).map(read(datasets:)) ?? IPTCFields()
    }

    /// The fields of a run of IIM datasets (the data of resource block 0x0404).
    public static func read(datasets bytes: ArraySlice<UInt8>) -> IPTCFields {
        var values: [IIMTag: ArraySlice<UInt8>] = [:]
        var keywords: [ArraySlice<UInt8>] = []
        var offset = bytes.startIndex
        for _ in 0..<maxDatasets {
            guard let dataset = IIMDataset.read(bytes, at: offset) else { break }
            if dataset.tag == .keywords {
                keywords.append(dataset.value)
            } else if let tag = dataset.tag, values[tag] == nil {
                values[tag] = dataset.value
            }
            offset = dataset.value.endIndex
        }
        let declaredUTF8 = values[.codedCharacterSet].map { $0.starts(with: utf8Escape) } ?? false
        func decoded(_ raw: ArraySlice<UInt8>) -> String {
            let value = LegacyText.prefix(raw, maxBytes: maxValueBytes)
            return declaredUTF8 ? LegacyText.utf8(value) : LegacyText.decode(value)
        }
        func text(_ tag: IIMTag) -> String? { values[tag].map(decoded) }
        var fields = IPTCFields(objectName: text(.objectName), caption: text(.caption),
                                dateCreated: text(.dateCreated), timeCreated: text(.timeCreated), keywords: keywords.map(decoded))
        (fields.byline, fields.copyrightNotice) = (text(.byline), text(.copyrightNotice))
        return fields
    }
}

/// The datasets galgen reads, by record and dataset number.
enum IIMTag: Hashable {
    case codedCharacterSet, objectName, keywords, caption, dateCreated, timeCreated, byline, copyrightNotice

    init?(record: UInt8, dataset: UInt8) {
        switch (record, dataset) {
        case (1, 90): self = .codedCharacterSet
        case (2, 5): self = .objectName
        case (2, 25): self = .keywords
        case (2, 120): self = .caption
        case (2, 55): self = .dateCreated
        case (2, 60): self = .timeCreated
        case (2, 80): self = .byline
        case (2, 116): self = .copyrightNotice
        default: return nil
        }
    }
}

/// One IIM dataset: marker 0x1C, record, dataset, a 2-byte length (or, high bit set, the number
/// of bytes of a longer length that follows), then the value.
struct IIMDataset {
    /// nil for a dataset galgen does not read, or one with an extended length (never text it reads).
    var tag: IIMTag?
    var value: ArraySlice<UInt8>

    /// The dataset at `offset`; nil at the end, at anything but the 0x1C marker, or when a length
    /// runs past the bytes.
    static func read(_ bytes: ArraySlice<UInt8>, at offset: Int) -> IIMDataset? {
        guard offset >= bytes.startIndex, bytes.endIndex - offset >= 5, bytes[offset] == 0x1C else { return nil }
        let field = Int(bytes[offset + 3]) << 8 | Int(bytes[offset + 4])
        var start = offset + 5
        var length = field
        let extended = field & 0x8000 != 0
        if extended {
            let lengthBytes = field & 0x7FFF
            guard lengthBytes <= 4, bytes.endIndex - start >= lengthBytes else { return nil }
            length = bytes[start..<(start + lengthBytes)].reduce(0) { $0 << 8 | Int($1) }
            start += lengthBytes
        }
        guard length <= bytes.endIndex - start else { return nil }
        let tag = extended ? nil : IIMTag(record: bytes[offset + 1], dataset: bytes[offset + 2])
        return IIMDataset(tag: tag, value: bytes[start..<(start + length)])
    }
}
