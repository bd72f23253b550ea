import Foundation
import GalgenCore
import GalgenImage
import GalgenIO
import GalgenWebP

/// An animated WebP is given to ffmpeg as an animated PNG: ffmpeg 5.1 (Debian 12) cannot decode
/// an animated WebP, and libwebp, which galgen links, can. Its frames are written to the scratch
/// folder as a lossless APNG with each frame's own time (`APNGWriter`), for one probe or
/// transcode, and removed after it. Any other file is read by ffmpeg as it is.
enum AnimationSource {
    /// `format`: the file's, from its first bytes (`VideoRunner.containerFormat`).
    static func with<Value>(_ path: String, format: ImageFormat?, scratch: String, temporaries: TemporaryFiles, maxPixels: Int,
                            _ body: (String) async throws -> Value) async throws -> Value {
        guard format == .webp else { return try await body(path) }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: .photo)
        } catch {
            throw VideoToolError.unusable("\(error)")
        }
        guard AnimatedPicture.frameCount(bytes) != nil else { return try await body(path) }
        let copy = temporaries.make(in: scratch, tag: "animation.png")
        defer {
            unlink(copy)
            temporaries.forget(copy)
        }
        try write(bytes, to: copy, maxPixels: maxPixels)
        return try await body(copy)
    }

    /// Every frame of the WebP `bytes` into an APNG at `path`.
    static func write(_ bytes: [UInt8], to path: String, maxPixels: Int) throws {
        var writer: APNGWriter?
        do {
            try WebPDecoder.eachFrame(bytes, maxPixels: maxPixels) { frame in
                if writer == nil { writer = try APNGWriter(path: path, width: frame.width, height: frame.height, frames: frame.count) }
                try writer?.add(rgba: frame.rgba, milliseconds: frame.milliseconds)
            }
        } catch let error as WebPError {
            throw VideoToolError.unusable(error.message)
        }
        try writer?.finish()
    }

    /// An animated PNG's or WebP's own words, date, camera and place, read from its chunks as a
    /// photo's are (ffprobe finds none in it, nor in the APNG made of a WebP): the location check
    /// (GPS: a warning, the original withheld) and the coordinates too.
    static func describe(_ rendered: inout RenderedImage, from path: String, format: ImageFormat) throws {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: .photo)
        } catch {
            throw VideoToolError.unusable("\(error)")
        }
        guard let (read, location) = PhotoMetadataReader.readWithLocation(bytes, format: format) else { return }
        var metadata = read.metadata
        metadata.captured = metadata.captured ?? rendered.metadata.captured
        rendered.metadata = metadata
        rendered.facts = read.facts
        rendered.location = location
        if let warning = location.renditionWarning { rendered.warnings.append(warning) }
        rendered.coordinates = read.coordinates
    }
}
