import GalgenCore

extension RenditionEncoding.Encoded {
    /// The end of every render, whatever the source's format: the location check (and the
    /// warning it gives), the placeholder, the camera facts and the metadata beside the renditions.
    /// `scan`: the one walk over the source's blocks (`LocationScanner.scan`).
    func rendered(_ scan: MetadataScan, upright: (width: Int, height: Int), warnings: [String],
                  iccProfile: [UInt8]?, exif: EXIFSummary) -> RenderedImage {
        let (metadata, facts) = PhotoMetadataReader.described(scan.blocks, exif: exif)
        let location = scan.check
        var image = RenderedImage(width: upright.width, height: upright.height, renditions: renditions, alternates: alternates,
                                  warnings: warnings + (location.renditionWarning.map { [$0] } ?? []),
                                  placeholder: smallest.map { Placeholder.dataURI(from: $0, iccProfile: iccProfile) },
                                  facts: facts, metadata: metadata, location: location)
        image.sourceFormat = scan.format
        image.coordinates = scan.coordinates
        return image
    }
}
