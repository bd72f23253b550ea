import GalgenCore

/// How much of one file galgen reads, and what it calls such files in messages.
///
/// Every file galgen reads is read whole into memory, so each kind has a cap: a file over it
/// is refused by name, and no more than `bytes + 1` bytes are ever read, whatever the file
/// claims its size is (a file under `/proc` claims 0).
public struct ReadLimit: Equatable, Sendable {
    /// The largest file accepted, in bytes.
    public var bytes: Int
    /// What is read, for messages: "galgen reads photos only from regular files".
    public var what: String

    public init(bytes: Int, what: String) {
        self.bytes = bytes
        self.what = what
    }

    /// A local photo, or a downloaded one in the cache: 512 MiB, far above any camera's JPEG
    /// (a 200-megapixel photo, `max_pixels`' default, is about 100 MB at high quality).
    public static let photo = ReadLimit(bytes: 512 << 20, what: "photos")
    /// A video: 64 GiB. Never read into memory: it is hashed in pieces and read by ffmpeg.
    public static let video = ReadLimit(bytes: 64 << 30, what: "videos")
    /// gallery.yml: 32 MiB, about three times the gallery of 100,000 captioned photos in
    /// `bench/incremental`.
    public static let configuration = ReadLimit(bytes: 32 << 20, what: "gallery.yml")
    /// One file of a template folder (a template, stylesheet, font or image): 32 MiB.
    public static let templateFile = ReadLimit(bytes: 32 << 20, what: "template files")

    /// A record file of the cache (`renditions.json`): 4 GiB, about forty times the renditions of
    /// 100,000 photos. A larger one is read as missing: the cache starts again.
    public static let records = ReadLimit(bytes: 4 << 30, what: "cache records")

    /// A sidecar file beside a photo (`IMG_1.jpg.yml`): a few words, 64 KiB at most.
    public static let sidecar = ReadLimit(bytes: 64 << 10, what: "sidecar files")

    /// A file of a private album, read whole to be sealed (`PrivateBundle`): 4 GiB.
    public static let sealed = ReadLimit(bytes: 4 << 30, what: "files of a private album")

    /// The cap in words: "512 MB".
    public var shown: String {
        bytes % (1 << 30) == 0 ? "\(bytes >> 30) GB" : bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
