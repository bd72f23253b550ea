/// `sort:` and `reverse:`, for the whole gallery or one album.
public struct PhotoOrder: Equatable, Sendable {
    public enum Key: String, CaseIterable, Equatable, Sendable {
        /// As listed in gallery.yml; the photos of a folder or glob entry by name, in its place.
        case manual
        /// By file name, naturally (`IMG_2` before `IMG_10`).
        case name
        /// By capture time: EXIF DateTimeOriginal (with its offset), a date in the file name, then
        /// the file's modification time.
        case date
    }

    public var key: Key
    public var reverse: Bool

    public init(_ key: Key = .manual, reverse: Bool = false) {
        self.key = key
        self.reverse = reverse
    }
}
