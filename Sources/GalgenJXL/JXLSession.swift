import CLibJXL
import GalgenPixels

/// One pass of libjxl's decoder over a whole file in memory: the events asked for, one at a time,
/// with its failures in words. The input buffer must outlive the session (it is used inside the
/// caller's `withUnsafeBufferPointer`).
final class JXLSession {
    let decoder: OpaquePointer

    init(_ input: UnsafeBufferPointer<UInt8>, events: [JxlDecoderStatus]) throws(JXLError) {
        guard let decoder = JxlDecoderCreate(nil) else { throw JXLError(message: "libjxl could not start (out of memory)") }
        self.decoder = decoder
        let mask = events.reduce(Int32(0)) { $0 | Int32($1.rawValue) }
        guard JxlDecoderSubscribeEvents(decoder, mask) == JXL_DEC_SUCCESS,
              JxlDecoderSetUnpremultiplyAlpha(decoder, 1) == JXL_DEC_SUCCESS,
              JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
            throw JXLError(message: "libjxl refused the decoding parameters")
        }
        // The whole file is here: a file that ends early is an error, not a wait for more.
        JxlDecoderCloseInput(decoder)
    }

    deinit { JxlDecoderDestroy(decoder) }

    /// `body` with a session over the whole of `bytes`, which outlive it. (`withUnsafeBufferPointer`
    /// rethrows untyped errors: the typed one travels in a Result.)
    static func over<T>(_ bytes: [UInt8], events: [JxlDecoderStatus],
                        _ body: (JXLSession) throws(JXLError) -> T) throws(JXLError) -> T {
        let result = bytes.withUnsafeBufferPointer { input -> Result<T, JXLError> in
            do throws(JXLError) {
                return .success(try body(try JXLSession(input, events: events)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The basic facts, refused when the image has more than `maxPixels` pixels (`what` says what
    /// galgen would have done with it).
    func basicInfo(maxPixels: Int, what: String) throws(JXLError) -> JXLBasicInfo {
        let info = try basicInfo()
        guard info.width * info.height <= maxPixels else {
            throw JXLError(message: "it has \(info.width * info.height) pixels, more than galgen \(what) (\(maxPixels))", isOverLimit: true)
        }
        return info
    }

    /// The next event; a damaged or cut-short file is an error.
    func next() throws(JXLError) -> JxlDecoderStatus {
        let status = JxlDecoderProcessInput(decoder)
        switch status {
        case JXL_DEC_ERROR:
            throw JXLError(message: "its data is cut short, damaged or uses a feature libjxl \(JXLVersion.text) cannot decode")
        case JXL_DEC_NEED_MORE_INPUT:
            throw JXLError(message: "the file is truncated (its codestream ends early)")
        default:
            return status
        }
    }

    /// An event none of galgen's loops asks for or answers: waiting on it again would never end.
    static func unexpected(_ status: JxlDecoderStatus) -> JXLError {
        JXLError(message: "libjxl stopped at a step galgen does not take (status \(status.rawValue)); "
            + "convert the photo to a plain JPEG XL (cjxl) or another format")
    }

    /// The basic facts, after the `JXL_DEC_BASIC_INFO` event.
    func basicInfo() throws(JXLError) -> JXLBasicInfo {
        let status = try next()
        guard status != JXL_DEC_SUCCESS else { throw JXLError(message: "the file ends before its image header") }
        guard status == JXL_DEC_BASIC_INFO else { throw Self.unexpected(status) }
        var raw = JxlBasicInfo()
        guard JxlDecoderGetBasicInfo(decoder, &raw) == JXL_DEC_SUCCESS else {
            throw JXLError(message: "its image header could not be read")
        }
        let info = JXLBasicInfo(raw)
        guard info.width > 0, info.height > 0 else { throw JXLError(message: "the image has no size (\(info.width)×\(info.height))") }
        return info
    }

    /// The first frame (composited, upright) in the colours `JXLColour` chooses.
    func decodeFirstFrame(maxPixels: Int) throws(JXLError) -> DecodedImage {
        let info = try basicInfo()
        guard info.width * info.height <= maxPixels else {
            throw JXLError(message: "it has \(info.width * info.height) pixels (\(info.width)×\(info.height)), "
                + "over thumbnails.max_pixels (\(maxPixels))")
        }
        let deep = info.bitDepth > 8 && !info.hasAlpha
        let channels = info.colourChannels + (info.hasAlpha ? 1 : 0)
        var format = JxlPixelFormat(num_channels: UInt32(channels), data_type: deep ? JXL_TYPE_UINT16 : JXL_TYPE_UINT8,
                                    endianness: JXL_NATIVE_ENDIAN, align: 0)
        var colour: JXLColour?
        let sampleCount = info.width * info.height * channels
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: sampleCount * (deep ? 2 : 1), alignment: 8)
        defer { buffer.deallocate() }
        decoding: while true {
            let status = try next()
            switch status {
            case JXL_DEC_COLOR_ENCODING:
                colour = try JXLColour.choose(decoder, info: info)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var needed = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &needed) == JXL_DEC_SUCCESS, needed <= buffer.count,
                      JxlDecoderSetImageOutBuffer(decoder, &format, buffer.baseAddress, buffer.count) == JXL_DEC_SUCCESS else {
                    throw JXLError(message: "libjxl asked for an output buffer galgen did not expect (\(info.width)×\(info.height)); "
                        + "convert the photo to a plain JPEG XL (cjxl) or another format")
                }
            case JXL_DEC_FULL_IMAGE:
                break decoding
            case JXL_DEC_SUCCESS:
                throw JXLError(message: "the file ends before its image")
            default:
                throw Self.unexpected(status)
            }
        }
        guard let colour else { throw JXLError(message: "the file ends before its colour encoding") }
        var image: DecodedImage
        if deep {
            let samples = Array(buffer.bindMemory(to: UInt16.self).prefix(sampleCount))
            let layout: PixelBuffer.Layout = info.colourChannels == 1 ? .gray : .rgb
            let deepPixels = DeepPixelBuffer(width: info.width, height: info.height, layout: layout, samples: samples)
            image = DecodedImage(pixels: deepPixels.rounded(), deep: deepPixels)
        } else {
            let samples = Array(buffer.bindMemory(to: UInt8.self).prefix(sampleCount))
            let (pixels, alpha) = InterleavedSamples.split(samples, width: info.width, height: info.height, channels: channels)
            image = DecodedImage(pixels: pixels, alpha: alpha)
        }
        image.iccProfile = colour.iccProfile
        if info.isAnimated { image.notes.append("an animated JPEG XL: its first frame is shown") }
        return image
    }
}

/// The libjxl version galgen runs with, for messages ("0.7.0").
enum JXLVersion {
    static var text: String {
        let version = Int(JxlDecoderVersion())
        return "\(version / 1_000_000).\(version / 1000 % 1000).\(version % 1000)"
    }
}
