import CJPEGShim
import GalgenPixels

/// What a JPEG's header says, read without decoding any pixels.
public struct JPEGHeader: Equatable, Sendable {
    public enum ColorModel: Equatable, Sendable { case gray, rgb, cmyk, other }

    public let width: Int
    public let height: Int
    public let components: Int
    public let colorModel: ColorModel
    public let isProgressive: Bool
    public let precision: Int

    /// Reads the header of `data`.
    public static func read(_ data: [UInt8]) throws(JPEGError) -> JPEGHeader {
        var info = galgen_jpeg_info()
        var message = MessageBuffer()
        let status = data.withUnsafeBufferPointer { bytes in
            message.withPointer { galgen_jpeg_read_header(bytes.baseAddress, bytes.count, &info, $0) }
        }
        guard status == 0 else { throw JPEGError(message.text) }
        return JPEGHeader(
            width: Int(info.width), height: Int(info.height), components: Int(info.components),
            colorModel: ColorModel(shim: info.model), isProgressive: info.progressive != 0,
            precision: Int(info.precision)
        )
    }
}

extension JPEGHeader.ColorModel {
    init(shim model: Int32) {
        switch UInt32(model) {
        case GALGEN_JPEG_GRAY.rawValue: self = .gray
        case GALGEN_JPEG_RGB.rawValue: self = .rgb
        case GALGEN_JPEG_CMYK.rawValue: self = .cmyk
        default: self = .other
        }
    }
}
