import GalgenCore

/// Whether a photo's own file records where it was taken, read from its raw bytes, not from what
/// a decoder chose to keep: every metadata block of the container (JPEG segments and the images
/// after the first, PNG chunks, WebP's RIFF chunks, every HEIF item). It fails closed: a block that
/// cannot be read completely, or one of a kind galgen does not know, makes the file `unreadable`,
/// and its original is withheld like one with a location (`Originals`).
///
/// Bounded on any input: the work is linear in the file's size, embedded images nest at most
/// `LocationFindings.maxDepth` deep, and what is inflated or gathered is capped (`LocationFindings.budget`).
public enum LocationScanner {
    public static func check(_ bytes: [UInt8], format: ImageFormat) -> LocationCheck {
        scan(bytes, format: format).check
    }

    /// The verdict, the camera's position from the first EXIF GPS block that has one (for the
    /// build only: never published) and, for a JPEG, the blocks its words and facts are read
    /// from (`MetadataBlocks`), all from the same walk over the same blocks.
    public static func scan(_ bytes: [UInt8], format: ImageFormat) -> MetadataScan {
        // A video's place is read by ffprobe with the rest of its metadata, never from here.
        guard let codec = ImageCodecs.codec(for: format) else {
            return MetadataScan(format: format, check: .unreadable("it is a video (\(format.identity.name))"), coordinates: nil, blocks: MetadataBlocks())
        }
        var findings = LocationFindings()
        codec.scanLocation(bytes[...], &findings)
        return MetadataScan(format: format, check: findings.check, coordinates: findings.coordinates, blocks: findings.blocks)
    }

    /// The same, the format told from the bytes; a file of no known format is unreadable.
    public static func check(_ bytes: [UInt8]) -> LocationCheck {
        guard let format = ImageFormat(signature: bytes) else {
            return .unreadable("it is none of the formats galgen reads (\(ImageFormat.supportedList))")
        }
        return check(bytes, format: format)
    }
}
