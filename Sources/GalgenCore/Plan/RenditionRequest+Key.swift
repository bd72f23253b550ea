/// The request's part of a rendition's key (`RenditionKey`): every stored property that shapes
/// a picture's renditions, in declaration order. `RenditionKeyTests` compares `keyed` and
/// `keyedElsewhere` with the properties Mirror finds, so a new setting (a watermark) fails that
/// test until it is hashed here or said to be keyed elsewhere, and cannot be forgotten.
extension RenditionRequest: Fingerprintable {
    static let keyed = ["widths", "quality", "maxPixels", "colour", "rights", "watermark"]
    /// `formats`: each format has a key of its own (`RenditionKey.make(format:)`), so adding one
    /// encodes only it. `video`: an MP4 has `VideoKey`, and no picture depends on it (a poster's
    /// frame is keyed by its own settings, `posterSettings`).
    static let keyedElsewhere = ["formats", "video"]

    public func fingerprint(into fingerprint: inout Fingerprint) {
        widths.fingerprint(into: &fingerprint)
        fingerprint.add(quality)
        fingerprint.add(maxPixels)
        fingerprint.add(colour.rawValue)
        // Only when given, so the keys of a gallery without `rights:` stay what they were.
        if !rights.isEmpty {
            fingerprint.add("rights")
            rights.fingerprint(into: &fingerprint)
        }
        // Likewise: an unmarked item keeps its key; a changed mark (its file's digest) makes a new one.
        if let watermark {
            fingerprint.add("watermark")
            watermark.fingerprint(into: &fingerprint)
        }
    }
}
