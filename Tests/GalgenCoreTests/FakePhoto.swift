import Foundation
@testable import GalgenCore

/// A photo for the in-memory pipeline: what the fake renderer makes of it. It travels through
/// the pipeline as a file's bytes, so it encodes itself (as JSON) and the renderer decodes it.
struct FakePhoto: Codable, Equatable, Sendable {
    var name: String
    var width = 2000
    /// Cannot be decoded: the renderer fails with "not a JPEG file".
    var fails = false
    /// Decodes, with this warning.
    var warning: String?
    /// What the file says about itself (capture time, words).
    var metadata: PhotoMetadata?
    /// Formats the (broken) renderer leaves out although they were asked for.
    var leavesOut: [OutputFormat] = []
    /// The file records where it was taken (GPS).
    var hasLocation = false
    /// The format the renderer finds in the bytes, whatever the file is named.
    var format: ImageFormat = .jpeg

    init(_ name: String, width: Int = 2000, fails: Bool = false, warning: String? = nil, metadata: PhotoMetadata? = nil) {
        self.name = name
        self.width = width
        self.fails = fails
        self.warning = warning
        self.metadata = metadata
    }

    /// The file's bytes.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// The photo these bytes hold. Any other bytes (a test that does not care what the photo
    /// is) are an ordinary photo 2000 px wide.
    init(bytes: [UInt8]) {
        self = (try? JSONDecoder().decode(Self.self, from: Data(bytes))) ?? FakePhoto(String(decoding: bytes, as: UTF8.self))
    }

    /// The (fake) JPEG of one rendition: different for every photo, width and quality.
    func rendition(width: Int, quality: Int = 82) -> [UInt8] {
        Fixture.fakeJPEG("\(name)/\(self.width)@\(width)q\(quality)")
    }

    /// The (fake) encoding of one rendition in another format.
    func rendition(width: Int, quality: Int = 82, format: OutputFormat) -> [UInt8] {
        format == .jpeg ? rendition(width: width, quality: quality) : Array("\(format.rawValue):\(name)/\(self.width)@\(width)q\(quality)".utf8)
    }

    /// What the fake renderer returns for `request`: the widths a real one would make, 2:1, in
    /// each requested format (the fallback's as `renditions`, the others as `alternates`).
    func rendered(_ request: RenditionRequest) throws -> RenderedImage {
        if fails { throw FakeError(description: "not a JPEG file") }
        let widths = RenditionWidths.widths(requested: request.widths, sourceWidth: width)
        let encode = { (format: OutputFormat) in
            widths.map { Rendition(width: $0, height: $0 / 2, encoded: rendition(width: $0, quality: request.quality, format: format), format: format) }
        }
        let alternates = OutputFormat.alternates(of: request.formats).filter { !leavesOut.contains($0) }
        var rendered = RenderedImage(width: width, height: width / 2, renditions: encode(OutputFormat.fallback(of: request.formats)),
                                     alternates: alternates.map { RenditionsOfFormat(format: $0, renditions: encode($0)) },
                                     warnings: warning.map { [$0] } ?? [])
        rendered.metadata = metadata ?? PhotoMetadata()
        rendered.hasLocation = hasLocation
        rendered.sourceFormat = format
        return rendered
    }
}
