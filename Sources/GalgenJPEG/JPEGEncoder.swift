import CJPEGShim
import GalgenPixels

/// Encodes pixels as JPEG with libjpeg-turbo: optimized Huffman tables, 4:2:0 unless `fullChroma`.
public struct JPEGEncoder: Sendable {
    public var quality: Int
    public var progressive: Bool
    /// 4:4:4: colour at full resolution.
    public var fullChroma: Bool

    public init(quality: Int = 82, progressive: Bool = false, fullChroma: Bool = false) {
        self.quality = quality
        self.progressive = progressive
        self.fullChroma = fullChroma
    }

    /// The APP1 prefixes of an EXIF and an XMP segment.
    static let exifPrefix = Array("Exif\0\0".utf8)
    static let xmpPrefix = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// A marker segment's payload holds at most this many bytes (its length field counts itself).
    static let maxSegment = 65_533

    /// Encodes `pixels`, embedding `iccProfile`, `exif` (a TIFF structure) and `xmp` (a packet)
    /// when given. No other metadata is written. `maxBytes` caps the output: a bigger file fails
    /// as an allocation failure would (tests use it to reach the encoder's error path).
    public func encode(_ pixels: PixelBuffer, iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil,
                       maxBytes: Int = .max) throws(JPEGError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        var message = MessageBuffer()
        let icc = iccProfile ?? []
        let exifSegment = try Self.segment(Self.exifPrefix, exif, "EXIF")
        let xmpSegment = try Self.segment(Self.xmpPrefix, xmp, "XMP")
        let status = pixels.bytes.withUnsafeBufferPointer { bytes in
            icc.withUnsafeBufferPointer { profile in
                exifSegment.withUnsafeBufferPointer { exif in
                    xmpSegment.withUnsafeBufferPointer { xmp in
                        message.withPointer { text in
                            galgen_jpeg_encode(
                                bytes.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels),
                                Int32(quality), progressive ? 1 : 0, fullChroma ? 1 : 0,
                                profile.baseAddress, UInt32(profile.count), exif.baseAddress, UInt32(exif.count),
                                xmp.baseAddress, UInt32(xmp.count), maxBytes, &out, &length, text)
                        }
                    }
                }
            }
        }
        defer { galgen_jpeg_free(out) }
        guard status == 0, let out else { throw JPEGError(message.text) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }

    /// An APP1 payload: `prefix` and `body`, empty for none; one that does not fit a segment is refused.
    private static func segment(_ prefix: [UInt8], _ body: [UInt8]?, _ name: String) throws(JPEGError) -> [UInt8] {
        guard let body, !body.isEmpty else { return [] }
        guard prefix.count + body.count <= maxSegment else {
            throw JPEGError("the \(name) metadata (\(body.count) bytes) does not fit in one JPEG segment")
        }
        return prefix + body
    }
}
