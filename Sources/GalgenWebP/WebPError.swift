import CLibWebP

/// Why libwebp could not read a file, in words.
public struct WebPError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    /// libwebp's status code in words, its own name in brackets for searching.
    static func words(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OK: "no error (ok)"
        case VP8_STATUS_OUT_OF_MEMORY: "libwebp ran out of memory (out of memory)"
        case VP8_STATUS_INVALID_PARAM: "libwebp refused the decoding parameters (invalid param)"
        case VP8_STATUS_BITSTREAM_ERROR: "the data is damaged (bitstream error)"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not support (unsupported feature)"
        case VP8_STATUS_SUSPENDED: "decoding stopped early (suspended)"
        case VP8_STATUS_USER_ABORT: "decoding was cancelled (user abort)"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the file is truncated (not enough data)"
        default: "libwebp status \(status.rawValue)"
        }
    }
}
