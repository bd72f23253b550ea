/// A value behind one shared, immutable reference: copying what holds it copies a pointer, and a
/// large field that most values leave empty costs them a pointer, not its size (a rendered
/// image's details, a video's making in the build's per-item value). A change makes a new box
/// (`with`), so boxes are never shared mutably.
public final class Box<Value: Sendable>: Sendable {
    public let value: Value

    public init(_ value: Value) { self.value = value }

    /// A box of the value with `change` made to it.
    func with(_ change: (inout Value) -> Void) -> Box {
        var value = value
        change(&value)
        return Box(value)
    }
}

extension Box: Equatable where Value: Equatable {
    public static func == (left: Box, right: Box) -> Bool { left === right || left.value == right.value }
}
