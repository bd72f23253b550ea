import GalgenCore

/// A published original as it was checked: a file holding exactly the bytes whose location and
/// digest the build decided on (the live build keeps it in its cache), so a photo replaced after
/// it was rendered is never published under the old one's name.
public struct OriginalSnapshot: Equatable, Sendable {
    public var path: String
    public var byteCount: Int

    public init(path: String, byteCount: Int) {
        self.path = path
        self.byteCount = byteCount
    }

    /// The file's bytes are no longer those that were checked.
    public struct Changed: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "\(path): the file changed while galgen was building, so its original is not the one that was checked "
                + "and is not published; build again"
        }
    }
}
