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

    /// Encodes `pixels`, embedding `iccProfile` when given. No other metadata is written.
    /// `maxBytes` caps the output: a bigger file fails as an allocation failure would (tests use
    /// it to reach the encoder's error path).
    public func encode(_ pixels: PixelBuffer, iccProfile: [UInt8]? = nil, maxBytes: Int = .max) throws(JPEGError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        var message = MessageBuffer()
        let icc = iccProfile ?? []
        let status = pixels.bytes.withUnsafeBufferPointer { bytes in
            icc.withUnsafeBufferPointer { profile in
                message.withPointer { text in
                    galgen_jpeg_encode(
                        bytes.baseAddress, Int32(pixels.width), Int32(pixels.height), Int32(pixels.channels),
                        Int32(quality), progressive ? 1 : 0, fullChroma ? 1 : 0,
                        profile.baseAddress, UInt32(profile.count), maxBytes, &out, &length, text)
                }
            }
        }
        defer { galgen_jpeg_free(out) }
        guard status == 0, let out else { throw JPEGError(message.text) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }
}
