import GalgenCore

/// Reads what a photo says about itself: its title, caption, alt text and capture time, from its
/// XMP, IPTC IIM and EXIF metadata.
///
/// Each word comes from the first source that has a usable value (cleaned by `MetadataText`, not
/// camera boilerplate by `CameraBoilerplate`):
/// - title: XMP dc:title, XMP photoshop:Headline, IPTC 2:05 Object Name;
/// - caption: XMP dc:description, IPTC 2:120 Caption/Abstract, EXIF ImageDescription;
/// - alt: XMP Iptc4xmpCore:AltTextAccessibility;
/// - tags: XMP dc:subject, the leaf of each XMP lr:hierarchicalSubject, IPTC 2:25 Keywords (`TagList`),
///   less any that names one of its people: digiKam and Lightroom write a face's name as a keyword
///   too, and a name is published only when `tags.people` says so;
/// - people: XMP Iptc4xmpExt:PersonInImage, the names of MWG face regions, and the leaf of each
///   lr:hierarchicalSubject under `People|`;
/// - captured: EXIF DateTimeOriginal (with SubSecTimeOriginal and OffsetTimeOriginal), XMP
///   exif:DateTimeOriginal, XMP photoshop:DateCreated, IPTC 2:55 Date Created with 2:60 Time Created.
///
/// Pure and bounded: malformed metadata gives fewer fields, never a crash or a hang.
public enum PhotoMetadataReader {
    /// The metadata of a whole JPEG file (a file without any: an empty `PhotoMetadata`).
    public static func read(jpeg bytes: [UInt8]) -> PhotoMetadata {
        let blocks = MetadataBlocks(jpeg: bytes)
        return read(blocks, exif: EXIFSummary(tiff: blocks.exif ?? []))
    }

    /// The same from a photo's blocks (`MetadataBlocks`, the one walk over its file, whatever its
    /// format), with its EXIF already read (the image stage reads it for orientation).
    public static func read(_ blocks: MetadataBlocks, exif: EXIFSummary) -> PhotoMetadata {
        described(blocks, exif: exif).metadata
    }

    /// The words and the camera's facts from a photo's blocks, its XMP packet read once: the
    /// facts are the EXIF's, with the lens from XMP (exifEX:LensModel, else aux:Lens) when the
    /// EXIF names none, as Lightroom and phone apps leave it.
    public static func described(_ blocks: MetadataBlocks, exif: EXIFSummary) -> (metadata: PhotoMetadata, facts: PhotoFacts) {
        let xmp = blocks.xmp.map(XMPReader.read) ?? XMPFields()
        var facts = exif.facts
        if facts.lensModel == nil { facts.lensModel = xmp.lensModel.flatMap(MetadataText.clean) }
        return (combine(xmp: xmp, iptc: IPTCReader.read(resources: blocks.photoshop), exif: exif), facts)
    }

    /// A photo's metadata, camera facts and position from the one walk over its file, without decoding it;
    /// nil for a format galgen does not read as a photo (a video).
    public static func read(_ bytes: [UInt8], format: ImageFormat) -> ReadMetadata? {
        guard ImageCodecs.codec(for: format) != nil else { return nil }
        let scan = LocationScanner.scan(bytes, format: format)
        let (metadata, facts) = described(scan.blocks, exif: EXIFSummary(tiff: scan.blocks.exif ?? []))
        return (metadata, facts, scan.coordinates)
    }

    /// The same with the location check a render gives (GPS found: a warning, the original
    /// withheld), for a picture that is published as something else: an animated PNG or WebP.
    public static func readWithLocation(_ bytes: [UInt8], format: ImageFormat) -> (read: ReadMetadata, location: LocationCheck)? {
        guard ImageCodecs.codec(for: format) != nil else { return nil }
        let scan = LocationScanner.scan(bytes, format: format)
        let (metadata, facts) = described(scan.blocks, exif: EXIFSummary(tiff: scan.blocks.exif ?? []))
        return ((metadata, facts, scan.coordinates), scan.check)
    }

    /// Chooses each field from the three sources.
    static func combine(xmp: XMPFields, iptc: IPTCFields, exif: EXIFSummary) -> PhotoMetadata {
        func usable(_ candidates: String?...) -> String? {
            candidates.lazy.compactMap { $0.flatMap(MetadataText.clean) }
                .first { !CameraBoilerplate.isBoilerplate($0, make: exif.facts.make, model: exif.facts.model) }
        }
        let hierarchy = xmp.hierarchicalSubjects
        let people = TagList.merged(xmp.people, hierarchy.filter(TagList.isPerson).map(TagList.leaf))
        let keywords = TagList.merged(xmp.subjects, hierarchy.filter { !TagList.isPerson($0) }.map(TagList.leaf), iptc.keywords)
        let words = EmbeddedWords(title: usable(xmp.title, xmp.headline, iptc.objectName),
                                  caption: usable(xmp.description, iptc.caption, exif.imageDescription),
                                  alt: usable(xmp.altText),
                                  tags: TagList.removing(people, from: keywords),
                                  people: people)
        var metadata = PhotoMetadata(captured: captured(xmp: xmp, iptc: iptc, exif: exif), words: words)
        metadata.rights = EmbeddedRights(creator: usable(xmp.creators.isEmpty ? nil : xmp.creators.joined(separator: ", "), iptc.byline, exif.artist),
                                         copyright: usable(xmp.rights, iptc.copyrightNotice, exif.copyright),
                                         webStatement: xmp.webStatement.flatMap(MetadataText.clean).flatMap {
                                             RightsSettings.isWebAddress($0) ? $0 : nil
                                         })
        return metadata
    }

    static func captured(xmp: XMPFields, iptc: IPTCFields, exif: EXIFSummary) -> CaptureTime? {
        if let taken = exif.facts.takenAt,
           let time = CaptureTimeText.exif(taken, subSeconds: exif.subSecTimeOriginal, offset: exif.offsetTimeOriginal) {
            return time
        }
        return xmp.dateTimeOriginal.flatMap(CaptureTimeText.iso8601)
            ?? xmp.dateCreated.flatMap(CaptureTimeText.iso8601)
            ?? iptc.dateCreated.flatMap { CaptureTimeText.iptc(date: $0, time: iptc.timeCreated) }
    }
}
