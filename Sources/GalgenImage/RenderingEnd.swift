import GalgenCore

extension RenditionEncoding.Encoded {
    /// The end of every render, whatever the source's format: the location check (and the
    /// warning it gives), the placeholder, the camera facts and the metadata beside the renditions.
    func rendered(from source: [UInt8], format: ImageFormat, upright: (width: Int, height: Int), warnings: [String],
                  iccProfile: [UInt8]?, exif: EXIFSummary, metadata: PhotoMetadata) -> RenderedImage {
        let (location, coordinates) = LocationScanner.scan(source, format: format)
        var image = RenderedImage(width: upright.width, height: upright.height, renditions: renditions, alternates: alternates,
                                  warnings: warnings + (location.renditionWarning.map { [$0] } ?? []),
                                  placeholder: smallest.map { Placeholder.dataURI(from: $0, iccProfile: iccProfile) },
                                  facts: exif.facts, metadata: metadata, location: location)
        image.sourceFormat = format
        image.coordinates = coordinates
        return image
    }
}
