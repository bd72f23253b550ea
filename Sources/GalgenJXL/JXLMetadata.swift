import CBrotli
import CLibJXL

/// What a JPEG XL container's metadata needs beyond its boxes: Brotli for the compressed ones
/// (`brob`), and the original JPEG a losslessly recompressed JPEG (`jbrd`) is rebuilt into, whose
/// segments hold what that JPEG's own metadata held.
public enum JXLMetadata {
    /// A `brob` box's payload (after its 4-byte inner type) decompressed, at most `limit` bytes.
    public static func brotliDecompressed(_ compressed: ArraySlice<UInt8>, limit: Int) throws(JXLError) -> [UInt8] {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { throw JXLError(message: "Brotli could not start (out of memory)") }
        defer { BrotliDecoderDestroyInstance(state) }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let input = Array(compressed)
        return try input.withUnsafeBufferPointer { inputBuffer throws(JXLError) -> [UInt8] in
            var nextIn = inputBuffer.baseAddress
            var availableIn = inputBuffer.count
            while true {
                var result = BROTLI_DECODER_RESULT_ERROR
                let written = chunk.withUnsafeMutableBufferPointer { buffer -> Int in
                    var nextOut = buffer.baseAddress
                    var availableOut = buffer.count
                    result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    return buffer.count - availableOut
                }
                output += chunk.prefix(written)
                guard output.count <= limit else {
                    throw JXLError(message: "it decompresses to more than \(limit) bytes", isOverLimit: true)
                }
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS:
                    // Bytes after the stream's end would be read by nothing: refused, not skipped.
                    guard availableIn == 0 else { throw JXLError(message: "\(availableIn) bytes follow its Brotli stream") }
                    return output
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: throw JXLError(message: "its Brotli data is cut short")
                default: throw JXLError(message: "its Brotli data is damaged")
                }
            }
        }
    }

    /// The JPEG a file made by recompressing one losslessly (it has a `jbrd` box) was made from,
    /// byte for byte, at most `limit` bytes and `maxPixels` pixels; nil when the file holds no
    /// reconstruction data.
    public static func reconstructedJPEG(_ bytes: [UInt8], limit: Int, maxPixels: Int = 1 << 28) throws(JXLError) -> [UInt8]? {
        try JXLDecoder.checkSignature(bytes)
        return try JXLSession.over(bytes, events: [JXL_DEC_BASIC_INFO, JXL_DEC_JPEG_RECONSTRUCTION, JXL_DEC_FULL_IMAGE]) {
            session throws(JXLError) in
            _ = try session.basicInfo(maxPixels: maxPixels, what: "rebuilds a JPEG of")
            return try rebuild(session, limit: limit)
        }
    }

    /// libjxl writes the JPEG into a buffer galgen owns, released before it is grown and offered again.
    private static func rebuild(_ session: JXLSession, limit: Int) throws(JXLError) -> [UInt8]? {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(1 << 20, limit)), alignment: 1)
        defer { buffer.deallocate() }
        var used = 0
        var offered = false
        func offer() throws(JXLError) {
            guard let base = buffer.baseAddress,
                  JxlDecoderSetJPEGBuffer(session.decoder, base.assumingMemoryBound(to: UInt8.self) + used, buffer.count - used)
                    == JXL_DEC_SUCCESS else {
                throw JXLError(message: "libjxl refused the buffer for the rebuilt JPEG")
            }
            offered = true
        }
        defer { if offered { JxlDecoderReleaseJPEGBuffer(session.decoder) } }
        while true {
            let status = try session.next()
            switch status {
            case JXL_DEC_JPEG_RECONSTRUCTION:
                try offer()
            case JXL_DEC_JPEG_NEED_MORE_OUTPUT:
                used = buffer.count - JxlDecoderReleaseJPEGBuffer(session.decoder)
                offered = false
                guard buffer.count < limit else {
                    throw JXLError(message: "its rebuilt JPEG would be over \(limit) bytes", isOverLimit: true)
                }
                let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: min(buffer.count * 2, limit), alignment: 1)
                grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[..<used]))
                buffer.deallocate()
                buffer = grown
                try offer()
            case JXL_DEC_FULL_IMAGE:
                guard offered else { return nil }
                offered = false
                let left = JxlDecoderReleaseJPEGBuffer(session.decoder)
                return Array(buffer[..<(buffer.count - left)])
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER where !offered:
                return nil  // no reconstruction data: libjxl would decode pixels instead
            case JXL_DEC_SUCCESS:
                return nil
            default:
                throw JXLSession.unexpected(status)
            }
        }
    }
}
