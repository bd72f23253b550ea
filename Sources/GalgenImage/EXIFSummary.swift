import GalgenCore
import GalgenJPEG
import GalgenPixels

/// The EXIF facts the image stage and the photo page need, read with bounds checks.
///
/// IFD0 gives orientation, make and model (whether it records a place is `LocationScanner`'s,
/// which reads every block, so one rule decides both the warning and the original); the Exif IFD it points to gives the
/// date taken and the exposure settings. Malformed data never crashes and never loops: every read
/// is bounds-checked, counts are capped, each IFD is read at most once, and a tag whose value is
/// out of range is simply missing while the others are kept.
public struct EXIFSummary: Equatable, Sendable {
    public var orientation: Int?
    /// Date, camera and exposure settings, for the photo page.
    public var facts = PhotoFacts()
    /// ImageDescription (IFD0, else the Exif IFD) as written, whitespace trimmed: a caption, or a camera's boilerplate
    /// (`PhotoMetadataReader` tells them apart).
    public var imageDescription: String?
    /// SubSecTimeOriginal and OffsetTimeOriginal (Exif IFD) as written: the fraction of a second
    /// (`"75"`) and the UTC offset (`"+02:00"`) of `facts.takenAt`.
    public var subSecTimeOriginal: String?
    /// (The offset is the facts' own: the page shows the time's zone.)
    public var offsetTimeOriginal: String? {
        get { facts.offsetTimeOriginal }
        set { facts.offsetTimeOriginal = newValue }
    }
    /// Artist and Copyright (IFD0) as written: the last fallbacks for the photo's creator and notice.
    public var artist: String?
    public var copyright: String?

    /// Entries read per IFD at most (real files have a few dozen).
    static let maxEntries = 512
    /// Bytes of an ASCII value kept at most.
    static let maxStringLength = 256
    /// Bytes of ImageDescription kept at most (a caption, longer than the other strings).
    static let maxDescriptionLength = 8192
    /// IFDs followed through Exif pointers at most, beyond IFD0.
    static let maxLinkedIFDs = 4

    /// Reads the EXIF of a whole JPEG file (no EXIF: an empty summary).
    public init(jpeg bytes: [UInt8]) {
        self.init(tiff: MetadataBlocks(jpeg: bytes).exif ?? [])
    }

    /// Parses the TIFF payload of an APP1 "Exif" segment (after the "Exif\0\0" header).
    public init(tiff bytes: [UInt8]) {
        self.init(tiff: bytes[...])
    }

    public init(tiff bytes: ArraySlice<UInt8>) {
        guard let reader = TIFFStructure(bytes) else { return }
        let ifd = reader.firstIFD
        var visited: Set<Int> = [ifd]
        var exifPointer: Int?
        for entry in reader.leadingEntries(at: ifd, limit: Self.maxEntries) {
            switch entry.tag {
            case 0x0112: orientation = reader.short(entry)
            case 0x010F: facts.make = facts.make ?? reader.string(entry, limit: Self.maxStringLength)
            case 0x0110: facts.model = facts.model ?? reader.string(entry, limit: Self.maxStringLength)
            case 0x8769: exifPointer = exifPointer ?? reader.pointer(entry)
            case 0x010E: imageDescription = imageDescription ?? reader.string(entry, limit: Self.maxDescriptionLength)
            case 0x013B: artist = artist ?? reader.string(entry, limit: Self.maxStringLength)
            case 0x8298: copyright = copyright ?? reader.string(entry, limit: Self.maxStringLength)
            default: continue
            }
        }
        // The Exif IFD; a (non-standard) Exif pointer inside it is followed too, each IFD once.
        var hops = 0
        while let offset = exifPointer, hops < Self.maxLinkedIFDs, visited.insert(offset).inserted {
            hops += 1
            exifPointer = nil
            for entry in reader.leadingEntries(at: offset, limit: Self.maxEntries) {
                switch entry.tag {
                case 0x9003: facts.takenAt = facts.takenAt ?? reader.string(entry, limit: Self.maxStringLength)
                case 0x829A: facts.exposureTime = facts.exposureTime ?? reader.rational(entry)
                case 0x829D: facts.fNumber = facts.fNumber ?? reader.rational(entry)?.value
                case 0x8827: facts.iso = facts.iso ?? reader.unsigned(entry)
                case 0x920A: facts.focalLength = facts.focalLength ?? reader.rational(entry)?.value
                case 0xA405: facts.focalLength35mm = facts.focalLength35mm ?? reader.unsigned(entry)
                case 0xA433: facts.lensMake = facts.lensMake ?? reader.string(entry, limit: Self.maxStringLength)
                case 0xA434: facts.lensModel = facts.lensModel ?? reader.string(entry, limit: Self.maxStringLength)
                case 0x9204: facts.exposureBias = facts.exposureBias ?? reader.signedRational(entry)
                case 0x9209: facts.flashFired = facts.flashFired ?? reader.short(entry).map { $0 & 1 == 1 }
                case 0x9291: subSecTimeOriginal = subSecTimeOriginal ?? reader.string(entry, limit: 32)
                case 0x9011: offsetTimeOriginal = offsetTimeOriginal ?? reader.string(entry, limit: 32)
                // Some phones (Sony Xperia) put ImageDescription here instead of IFD0; IFD0's wins.
                case 0x010E: imageDescription = imageDescription ?? reader.string(entry, limit: Self.maxDescriptionLength)
                case 0x8769: exifPointer = exifPointer ?? reader.pointer(entry)
                case 0x927C:
                    if let start = reader.valueStart(entry) {
                        facts.contentIdentifier = facts.contentIdentifier
                            ?? AppleMakerNote.contentIdentifier(reader.bytes, at: start, length: entry.count)
                    }
                default: continue
                }
            }
        }
    }
}
