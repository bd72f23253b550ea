import CJPEGShim

/// The fixed-size C buffer the shim writes its error messages into.
struct MessageBuffer {
    private var bytes = [CChar](repeating: 0, count: Int(GALGEN_JPEG_MESSAGE_MAX))

    mutating func withPointer<R>(_ body: (UnsafeMutablePointer<CChar>) -> R) -> R {
        bytes.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    var text: String {
        let prefix = bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let message = String(decoding: prefix, as: UTF8.self)
        return message.isEmpty ? "unknown libjpeg error" : message
    }
}
