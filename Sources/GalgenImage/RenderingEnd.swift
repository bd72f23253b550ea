import GalgenCore

extension RenditionEncoding.Encoded {
    /// The end of every render, whatever the source's format: the GPS warning, the placeholder,
    /// the camera facts, the metadata and the location check beside the renditions.
    func rendered(from source: [UInt8], format: ImageFormat, upright: (width: Int, height: Int), warnings: [String],
                  iccProfile: [UInt8]?, exif: EXIFSummary, metadata: PhotoMetadata) -> RenderedImage {
        var warnings = warnings
        if exif.hasGPS { warnings.append("has GPS coordinates; they were removed from the published files") }
        var image = RenderedImage(width: upright.width, height: upright.height, renditions: renditions, alternates: alternates,
                                  warnings: warnings,
                                  placeholder: smallest.map { Placeholder.dataURI(from: $0, iccProfile: iccProfile) },
                                  facts: exif.facts, metadata: metadata, location: LocationScanner.check(source, format: format))
        image.sourceFormat = format
        return image
    }
}
