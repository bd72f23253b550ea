import CLibWebP

/// The ICC profile of a WebP file, as libwebp's demuxer finds it: the `ICCP` chunk, kept only
/// when the VP8X header's flag says it is there, as the format requires. (EXIF and XMP are read
/// from the file's chunks by GalgenImage's location walk, with the rest of its metadata.)
struct ICCProfileChunk {
    var bytes: [UInt8]?
    var notes: [String] = []

    /// Reads the chunk from `input`, which must stay valid during the call only.
    init(_ input: UnsafeBufferPointer<UInt8>) {
        var data = WebPData(bytes: input.baseAddress, size: input.count)
        guard let demuxer = WebPDemux(&data) else {
            // The pixels decoded, so only the chunk layout is at fault: WebPDecode reads the chunks
            // up to the image, the demuxer all of them (one whose size runs past the end fails it).
            notes.append("its ICC profile, if any, could not be read: libwebp's demuxer refused the file's chunk layout")
            return
        }
        defer { WebPDemuxDelete(demuxer) }
        var iterator = WebPChunkIterator()
        defer { WebPDemuxReleaseChunkIterator(&iterator) }
        guard WebPDemuxGetChunk(demuxer, "ICCP", 1, &iterator) != 0, let start = iterator.chunk.bytes, iterator.chunk.size > 0 else {
            return
        }
        bytes = Array(UnsafeBufferPointer(start: start, count: iterator.chunk.size))
    }
}
