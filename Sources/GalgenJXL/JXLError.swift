/// Why libjxl could not read or write a file, in words.
public struct JXLError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The data would be larger than the caller's limit (a location scan's budget): not damage.
    public var isOverLimit: Bool
    public var description: String { message }

    public init(message: String, isOverLimit: Bool = false) {
        self.message = message
        self.isOverLimit = isOverLimit
    }
}
