/// Why libjxl could not read or write a file, in words.
public struct JXLError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
