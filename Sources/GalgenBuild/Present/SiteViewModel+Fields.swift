import GalgenCore
import Mustache

/// A view model the templates read and the page cache key hashes, both through its one list
/// of fields: a new property needs its line in `fields` and nothing else.
public protocol ViewModel: ViewModelValue, MustacheParent, TemplateScope {
    /// Every stored property, in declaration order, named as the templates name it. A test
    /// compares the names with the properties Mirror finds.
    static var fields: ViewModelFields<Self> { get }
}

/// What a view-model field can hold: text, a number, a flag, an optional of these, another
/// view model, or a list of view models.
public protocol ViewModelValue: Fingerprintable, Sendable {
    /// The value as Mustache should get it (see `SiteViewModel+Mustache.swift`).
    var templateValue: Any? { get }
    /// The same value for galgen's own renderer (`TemplateData`); nil where `templateValue` is nil.
    var templateData: TemplateData? { get }
}

/// One property of a view model: its name in the templates, and how to read it for Mustache
/// and for the page key.
public struct ViewModelField<Model>: Sendable {
    public let name: String
    let templateValue: @Sendable (Model) -> Any?
    let templateData: @Sendable (Model) -> TemplateData?
    let fingerprint: @Sendable (Model, inout Fingerprint) -> Void

    public init<Value: ViewModelValue>(_ name: String, _ read: @escaping @Sendable (Model) -> Value) {
        self.name = name
        templateValue = { read($0).templateValue }
        templateData = { read($0).templateData }
        fingerprint = { model, fingerprint in read(model).fingerprint(into: &fingerprint) }
    }
}

/// A view model's fields in declaration order (the page key hashes them in that order), by
/// name (Mustache asks for one at a time, so a lookup is one hash, not a scan), and by
/// interned name (`FieldName`: galgen's renderer indexes an array).
public struct ViewModelFields<Model>: Sendable, ExpressibleByArrayLiteral {
    public let all: [ViewModelField<Model>]
    let byName: [String: @Sendable (Model) -> Any?]
    /// Each field's reader at its name's `FieldName.id`; nil at the other names' ids.
    let dataByID: [(@Sendable (Model) -> TemplateData?)?]

    /// Names must be unique: a repeated one traps when the list is first used, which the
    /// view-model tests do.
    public init(arrayLiteral fields: ViewModelField<Model>...) {
        all = fields
        byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.templateValue) })
        let ids = fields.map { FieldName($0.name).id }
        var table = [(@Sendable (Model) -> TemplateData?)?](repeating: nil, count: (ids.max() ?? -1) + 1)
        for (field, id) in zip(fields, ids) { table[id] = field.templateData }
        dataByID = table
    }
}
