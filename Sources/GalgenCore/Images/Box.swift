/// A value behind one shared, immutable reference: copying what holds it copies a pointer.
/// A change makes a new box (`with`), so boxes are never shared mutably.
final class Box<Value: Equatable & Sendable>: Equatable, Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }

    /// A box of the value with `change` made to it.
    func with(_ change: (inout Value) -> Void) -> Box {
        var value = value
        change(&value)
        return Box(value)
    }

    static func == (left: Box, right: Box) -> Bool { left === right || left.value == right.value }
}
