import CLibWebP

/// The ICC profile, EXIF and XMP chunks of a WebP file, as libwebp's demuxer finds them.
///
/// The demuxer keeps an ICCP, EXIF or "XMP " chunk only when the VP8X header's flag says it is
/// there, as the format requires; other chunks it keeps whatever their name.
struct MetadataChunks {
    var iccProfile: [UInt8]?
    /// A bare TIFF structure, any "Exif\0\0" prefix removed.
    var exif: [UInt8]?
    var xmp: [UInt8]?
    var notes: [String] = []

    static let exifPrefix = Array("Exif\0\0".utf8)
    static let tiffHeaders: [[UInt8]] = [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A]]

    /// Reads the chunks of `input`, which must stay valid during the call only.
    init(_ input: UnsafeBufferPointer<UInt8>) {
        var data = WebPData(bytes: input.baseAddress, size: input.count)
        guard let demuxer = WebPDemux(&data) else {
            // The pixels decoded, so only the chunk layout is at fault: WebPDecode reads the chunks
            // up to the image, the demuxer all of them (one whose size runs past the end fails it).
            notes.append("its ICC profile, EXIF and XMP chunks, if any, could not be read: libwebp's demuxer refused the file's chunk layout")
            return
        }
        defer { WebPDemuxDelete(demuxer) }
        iccProfile = Self.chunk("ICCP", of: demuxer)
        // "XMP\0": some writers name the XMP chunk so (and leave it out of VP8X's flags).
        xmp = Self.chunk("XMP ", of: demuxer) ?? Self.chunk("XMP\0", of: demuxer)
        if let payload = Self.chunk("EXIF", of: demuxer) {
            // The format says bare TIFF, but some writers keep JPEG's APP1 "Exif\0\0" prefix.
            let tiff = payload.starts(with: Self.exifPrefix) ? Array(payload.dropFirst(Self.exifPrefix.count)) : payload
            if Self.tiffHeaders.contains(where: { tiff.starts(with: $0) }) {
                exif = tiff
            } else {
                notes.append("its EXIF chunk is not a TIFF structure (it starts \(Self.hex(tiff.prefix(4)))) and was ignored")
            }
        }
    }

    /// The first chunk named `fourcc`, nil when there is none or it is empty.
    private static func chunk(_ fourcc: String, of demuxer: OpaquePointer) -> [UInt8]? {
        var iterator = WebPChunkIterator()
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard WebPDemuxGetChunk(demuxer, fourcc, 1, &iterator) != 0, let start = iterator.chunk.bytes, iterator.chunk.size > 0 else {
            return nil
        }
        return Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.isEmpty ? "with nothing" : bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: " ")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
