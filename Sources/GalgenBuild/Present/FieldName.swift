import GalgenCore
import Synchronization

/// A name a template reads (`title`, `photo`, `labels`), interned: its text and a small number,
/// the same for every use of the text in this process. A template's names are interned once,
/// when it is compiled (`TemplateName`), and so are a view model's fields (`ViewModelFields`),
/// so looking a name up on a page is an array index, not a string's hash.
public struct FieldName: Sendable, Equatable {
    public let text: String
    /// The name's index in every view model's table (`ViewModelFields.dataByID`).
    let id: Int

    public init(_ text: String) {
        self.text = text
        id = Self.interned.withLock { table in
            if let id = table[text] { return id }
            table[text] = table.count
            return table.count - 1
        }
    }

    private static let interned = Mutex<[String: Int]>([:])
}
