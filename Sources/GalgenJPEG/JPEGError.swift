/// Why libjpeg-turbo could not read or write an image, in its own words.
public struct JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
