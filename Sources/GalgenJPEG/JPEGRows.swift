import CJPEGShim
import GalgenPixels

/// A JPEG being decoded, read row by row; it exists only inside `JPEGDecoder.stream`.
public struct JPEGRows: RowSource {
    let stream: OpaquePointer
    public let width: Int
    public let height: Int
    public let layout: PixelBuffer.Layout

    public mutating func read(into rows: UnsafeMutablePointer<UInt8>, count: Int) throws {
        var message = MessageBuffer()
        let read = message.withPointer { galgen_jpeg_stream_read(stream, rows, Int32(count), $0) }
        guard read >= 0 else { throw JPEGError(message.text) }
        // libjpeg makes up rows a damaged file lacks, so a short read is a caller's mistake.
        guard Int(read) == count else { throw JPEGError("asked for \(count) rows past the end of the image") }
    }
}
