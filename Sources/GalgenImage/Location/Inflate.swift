import CZlib

/// A zlib stream inflated by the system's zlib, with a cap on what it may grow to.
enum Inflate {
    enum Problem: Error, Equatable {
        case damaged
        case cutShort
        case tooLarge
    }

    /// The inflated bytes of a whole zlib stream (what follows its end is ignored), at most `limit` of them.
    static func zlib(_ input: ArraySlice<UInt8>, limit: Int) -> Result<[UInt8], Problem> {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .failure(.damaged) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 64 << 10)
        let source = Array(input)
        return source.withUnsafeBufferPointer { incoming -> Result<[UInt8], Problem> in
            stream.next_in = UnsafeMutablePointer(mutating: incoming.baseAddress)
            stream.avail_in = uInt(incoming.count)
            while true {
                let status = piece.withUnsafeMutableBufferPointer { room -> Int32 in
                    stream.next_out = room.baseAddress
                    stream.avail_out = uInt(room.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let made = piece.count - Int(stream.avail_out)
                guard output.count + made <= limit else { return .failure(.tooLarge) }
                output += piece[0..<made]
                switch status {
                case Z_STREAM_END: return .success(output)
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in == 0: return .failure(.cutShort)
                default: return .failure(.damaged)
                }
            }
        }
    }
}
