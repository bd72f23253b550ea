/// The status line and header fields of a response: all the fetch rules look at.
public struct HTTPHead: Equatable, Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]

    public init(status: Int, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.headers = headers
    }

    /// Every value of a field, in order; names compare case-insensitively.
    public func values(_ name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// The field's values joined as a comma-separated list, or nil when absent.
    public subscript(_ name: String) -> String? {
        let all = values(name)
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    public static func == (lhs: HTTPHead, rhs: HTTPHead) -> Bool {
        lhs.status == rhs.status && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
    }
}
