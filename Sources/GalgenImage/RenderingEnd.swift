import GalgenCore

/// What a render reads from the source's blocks before encoding: the words and camera facts
/// (`PhotoMetadataReader.described`), and the rights its renditions carry (the request's over the file's own).
struct SourceDescription {
    let metadata: PhotoMetadata
    let facts: PhotoFacts
    let rights: RightsSettings

    /// `scan`: the one walk over the source's blocks (`LocationScanner.scan`).
    init(_ scan: MetadataScan, exif: EXIFSummary, request: RenditionRequest) {
        (metadata, facts) = PhotoMetadataReader.described(scan.blocks, exif: exif)
        rights = request.rights.resolved(with: metadata.rights)
    }
}

extension RenditionEncoding.Encoded {
    /// The end of every render, whatever the source's format: the location check (and the
    /// warning it gives), the placeholder, the camera facts and the metadata beside the renditions.
    func rendered(_ scan: MetadataScan, _ described: SourceDescription, upright: (width: Int, height: Int), warnings: [String],
                  iccProfile: [UInt8]?) -> RenderedImage {
        let location = scan.check
        var image = RenderedImage(width: upright.width, height: upright.height, renditions: renditions, alternates: alternates,
                                  warnings: warnings + (location.renditionWarning.map { [$0] } ?? []),
                                  placeholder: smallest.map { Placeholder.dataURI(from: $0, iccProfile: iccProfile) },
                                  facts: described.facts, metadata: described.metadata, location: location)
        image.sourceFormat = scan.format
        image.coordinates = scan.coordinates
        image.rightsWritten = described.rights
        return image
    }
}
