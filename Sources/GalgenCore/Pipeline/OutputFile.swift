/// A file of the site, as a value: where it goes and what it holds.
public struct OutputFile: Equatable, Sendable {
    /// Relative to the output folder, with `/` separators.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}
