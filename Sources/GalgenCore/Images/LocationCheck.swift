/// What galgen found when it read every metadata block of a photo's own file for where the photo
/// was taken: the answer that decides whether its original may be published (`viewer.originals`).
///
/// The check fails closed: a block galgen cannot read completely (truncated, compressed in a way
/// it does not inflate, a format it does not know) is `unreadable`, never `none`.
public enum LocationCheck: Equatable, Sendable, Codable {
    /// Every block was read, and none records a place.
    case none
    /// A block records where the photo was taken; the text says which and where in the file,
    /// for example "GPS coordinates (GPSLatitude) in the EXIF of APP1 segment 2".
    case found(String)
    /// A block could not be read completely, so galgen cannot say; the text says which and why.
    case unreadable(String)

    /// Whether the original must be withheld (unless `viewer.originals_with_location` says otherwise).
    public var withholds: Bool { self != .none }

    /// What the build says of a photo whose place it found: its renditions carry no metadata, so
    /// the place is not in them. The same verdict withholds the original, so the two never disagree.
    public var renditionWarning: String? {
        guard case let .found(what) = self else { return nil }
        return what.hasPrefix("GPS coordinates") ? "has GPS coordinates; they were removed from the published files"
            : "records where it was taken (\(what)); that was removed from the published files"
    }
}
