import GalgenCore
import Mustache

// Key lookups for the templates without reflection: swift-mustache otherwise finds each
// key with Mirror, which made rendering a 10,000-photo page take seconds.

extension ViewModel {
    public func child(named name: String) -> Any? { Self.fields.byName[name]?(self) }

    public var templateValue: Any? { self }

    public func templateField(_ name: FieldName) -> TemplateData? {
        let table = Self.fields.dataByID
        return name.id < table.count ? table[name.id]?(self) ?? nil : nil
    }

    public var templateData: TemplateData? { .scope(self) }
}

extension String: ViewModelValue {
    public var templateValue: Any? { self }
    public var templateData: TemplateData? { .text(self) }
}

extension Int: ViewModelValue {
    public var templateValue: Any? { self }
    public var templateData: TemplateData? { .number(self) }
}

extension Bool: ViewModelValue {
    public var templateValue: Any? { self }
    public var templateData: TemplateData? { .flag(self) }
}

extension Optional: ViewModelValue where Wrapped: ViewModelValue {
    /// nil itself when absent: an empty `Optional` inside `Any` would count as present, so
    /// `{{#description}}` would show its section.
    public var templateValue: Any? { self?.templateValue }
    public var templateData: TemplateData? { self?.templateData }
}

extension Array: ViewModelValue where Element: ViewModel {
    public var templateValue: Any? { self }
    public var templateData: TemplateData? { .list(self) }
}
