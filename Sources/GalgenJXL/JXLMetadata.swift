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
                guard output.count <= limit else { throw JXLError(message: "it decompresses to more than \(limit >> 20) MB") }
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS: return output
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT: throw JXLError(message: "its Brotli data is cut short")
                default: throw JXLError(message: "its Brotli data is damaged")
                }
            }
        }
    }

    /// The JPEG a file made by recompressing one losslessly (it has a `jbrd` box) was made from,
    /// byte for byte, at most `limit` bytes; nil when the file holds no reconstruction data.
    public static func reconstructedJPEG(_ bytes: [UInt8], limit: Int) throws(JXLError) -> [UInt8]? {
        try JXLDecoder.checkSignature(bytes)
        let result = bytes.withUnsafeBufferPointer { input -> Result<[UInt8]?, JXLError> in
            do throws(JXLError) {
                let session = try JXLSession(input, events: [JXL_DEC_JPEG_RECONSTRUCTION, JXL_DEC_FULL_IMAGE])
                return .success(try rebuild(session, limit: limit))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func rebuild(_ session: JXLSession, limit: Int) throws(JXLError) -> [UInt8]? {
        var buffer = [UInt8]()
        var used = 0
        var started = false
        // libjxl writes into `buffer` between calls; it is only grown between them (NEED_MORE_OUTPUT).
        func offer() throws(JXLError) {
            let status = buffer.withUnsafeMutableBufferPointer { pointer in
                JxlDecoderSetJPEGBuffer(session.decoder, pointer.baseAddress! + used, pointer.count - used)
            }
            guard status == JXL_DEC_SUCCESS else { throw JXLError(message: "libjxl refused the buffer for the rebuilt JPEG") }
        }
        defer { if started { JxlDecoderReleaseJPEGBuffer(session.decoder) } }
        while true {
            switch try session.next() {
            case JXL_DEC_JPEG_RECONSTRUCTION:
                buffer = [UInt8](repeating: 0, count: max(1, min(1 << 20, limit)))
                started = true
                try offer()
            case JXL_DEC_JPEG_NEED_MORE_OUTPUT:
                used = buffer.count - JxlDecoderReleaseJPEGBuffer(session.decoder)
                guard buffer.count < limit else { throw JXLError(message: "its rebuilt JPEG would be over \(limit >> 20) MB") }
                buffer += [UInt8](repeating: 0, count: min(buffer.count, limit - buffer.count))
                try offer()
            case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                guard started else { return nil }
                started = false
                let left = JxlDecoderReleaseJPEGBuffer(session.decoder)
                return Array(buffer.prefix(buffer.count - left))
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER where !started:
                return nil
            default:
                continue
            }
        }
    }
}
