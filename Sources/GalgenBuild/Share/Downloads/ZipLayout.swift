import GalgenCore

/// The shape of galgen's album zips (PKWARE APPNOTE 6.3.x), as sizes: which records an archive
/// has and how long each is. The writer (GalgenIO's `ZipWriter`) writes exactly these records,
/// so an archive's size is known before it is written (the overview's "Download all (…, 1.2 GB)").
///
/// Every entry is stored (method 0: photos and videos do not compress), named in UTF-8 (flag
/// bit 11), with its sizes and CRC-32 in the local header (no data descriptor) and no extra
/// field but ZIP64's, only where a size or offset needs it. ZIP64 starts at 0xFFFFFFFF, not
/// above it: that value itself means "see the ZIP64 field".
public enum ZipLayout {
    public static let localHeaderLength = 30
    public static let centralHeaderLength = 46
    public static let endLength = 22
    /// The ZIP64 end of central directory record (56 bytes) and its locator (20).
    public static let zip64EndLength = 56 + 20
    /// The largest value a 32-bit field holds as itself.
    public static let limit32: Int64 = 0xFFFF_FFFF
    /// The largest entry count the 16-bit fields hold as itself.
    public static let limit16 = 0xFFFF

    /// An entry of `size` bytes needs ZIP64 sizes.
    public static func needsZip64(size: Int64) -> Bool { size >= limit32 }

    /// A local header (with its ZIP64 field for both sizes when the size needs it).
    public static func localHeaderSize(nameLength: Int, size: Int64) -> Int {
        localHeaderLength + nameLength + (needsZip64(size: size) ? 20 : 0)
    }

    /// How many 8-byte values a central header's ZIP64 field holds: the sizes (both) and the
    /// offset, each only when it does not fit in 32 bits.
    public static func zip64Values(size: Int64, offset: Int64) -> Int {
        (needsZip64(size: size) ? 2 : 0) + (offset >= limit32 ? 1 : 0)
    }

    public static func centralHeaderSize(nameLength: Int, size: Int64, offset: Int64) -> Int {
        let values = zip64Values(size: size, offset: offset)
        return centralHeaderLength + nameLength + (values > 0 ? 4 + 8 * values : 0)
    }

    /// The end of the archive needs ZIP64's records.
    public static func needsZip64End(count: Int, directorySize: Int64, directoryOffset: Int64) -> Bool {
        count >= limit16 || directorySize >= limit32 || directoryOffset >= limit32
    }

    /// The archive's size in bytes, for entries of these name lengths (UTF-8) and sizes, in order.
    public static func archiveSize(_ entries: [(nameLength: Int, size: Int64)]) -> Int64 {
        var offset: Int64 = 0
        var directory: Int64 = 0
        for entry in entries {
            directory += Int64(centralHeaderSize(nameLength: entry.nameLength, size: entry.size, offset: offset))
            offset += Int64(localHeaderSize(nameLength: entry.nameLength, size: entry.size)) + entry.size
        }
        let zip64 = needsZip64End(count: entries.count, directorySize: directory, directoryOffset: offset)
        return offset + directory + Int64(endLength + (zip64 ? zip64EndLength : 0))
    }
}
