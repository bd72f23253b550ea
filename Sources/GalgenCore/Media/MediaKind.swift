/// What kind of item of an album a file holds: the one place it is chosen, from the format
/// table (`FormatIdentity.mediaKind`). The stages after the folder walk ask an item its kind,
/// never its format: a photo is decoded, resampled into renditions and shown in a `<picture>`;
/// a video is probed and transcoded by ffmpeg, its poster rendered like a photo, and shown in a
/// `<video>`.
public enum MediaKind: String, Equatable, Hashable, Sendable, CaseIterable, Codable {
    case photo
    case video

    /// The kind of a file named `fileName`, from its extension (the folder walk never opens a
    /// file to decide); nil when no format galgen reads is named so.
    public init?(fileName: some StringProtocol) {
        // By bytes: `.` is ASCII, so where it is in UTF-8 is where it is in the text.
        let fileName = Substring(fileName)
        guard let dot = fileName.utf8.lastIndex(of: UInt8(ascii: ".")), dot != fileName.startIndex,
              let format = ImageFormat(fileExtension: fileName[fileName.index(after: dot)...]) else { return nil }
        self = format.identity.mediaKind
    }

    /// The kind of a file whose first bytes are `start`; nil when they are no format galgen reads.
    public init?(signature start: some Collection<UInt8>) {
        guard let format = ImageFormat(signature: start) else { return nil }
        self = format.identity.mediaKind
    }

    /// The kind of a file read whole: as its first bytes say, but an animated PNG or WebP of two
    /// frames or more plays, so it is a video (`AnimatedPicture`).
    public init?(contents bytes: [UInt8]) {
        guard let kind = MediaKind(signature: bytes.prefix(ImageFormat.signatureLength)) else { return nil }
        self = AnimatedPicture.frameCount(bytes) != nil ? .video : kind
    }
}
