import Yams

/// A key and its value, both kept for their positions.
struct Field {
    let key: Node
    let value: Node
}

extension Node {
    /// A plain `~`, `null` or nothing: YAML's null, which optional keys treat as absent.
    var isNull: Bool {
        guard case let .scalar(scalar) = self, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }
}

extension ConfigReader {
    /// The entries of a mapping by key; unknown keys are reported with a suggestion.
    mutating func mapping(_ node: Node, context: String, allowed: [String]) -> [String: Field]? {
        guard case let .mapping(mapping) = node else {
            fail(.wrongType(key: context, expected: "a block of 'key: value' lines"), at: node)
            return nil
        }
        var fields: [String: Field] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                // Never printed: an aliased key can be huge.
                fail(.keyNotText(kind: Self.kind(of: key), context: context, allowed: allowed), at: key)
                continue
            }
            guard allowed.contains(name) else {
                fail(.unknownKey(name, context: context, suggestion: Suggestion.closest(to: name, in: allowed),
                                 allowed: allowed), at: key)
                continue
            }
            fields[name] = Field(key: key, value: value)
        }
        return fields
    }

    /// What a node is, in the words of the messages.
    static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "text"
        case .sequence: "a list"
        case .mapping: "a block of 'key: value' lines"
        case .alias: "an alias"
        }
    }

    /// Text as written: `title: no` is the text "no", `title: 2024` is "2024".
    mutating func string(_ field: Field?, key: String) -> String? {
        guard let field, !field.value.isNull else { return nil }
        guard case let .scalar(scalar) = field.value else {
            fail(.wrongType(key: key, expected: "text on one line (quote it if it contains ':' or '#')"), at: field.value)
            return nil
        }
        return scalar.string
    }

    mutating func int(_ field: Field?, key: String, range: ClosedRange<Int>) -> Int? {
        guard let field, !field.value.isNull else { return nil }
        return int(field.value, key: key, range: range)
    }

    mutating func int(_ node: Node, key: String, range: ClosedRange<Int>) -> Int? {
        guard case let .scalar(scalar) = node, scalar.style == .plain,
              let value = Int(scalar.string.replacingOccurrences(of: "_", with: "")) else {
            fail(.wrongType(key: key, expected: "a whole number between \(range.lowerBound) and \(range.upperBound)"), at: node)
            return nil
        }
        guard range.contains(value) else {
            fail(.outOfRange(key: key, value: String(value), range: "between \(range.lowerBound) and \(range.upperBound)"), at: node)
            return nil
        }
        return value
    }

    /// A number of seconds, whole or not (`poster: 12.5`), 0 to a day.
    mutating func seconds(_ field: Field?, key: String) -> Double? {
        guard let field, !field.value.isNull else { return nil }
        guard case let .scalar(scalar) = field.value, scalar.style == .plain, let value = Double(scalar.string),
              value.isFinite else {
            fail(.wrongType(key: key, expected: "a number of seconds, such as 12.5"), at: field.value)
            return nil
        }
        guard (0...86_400).contains(value) else {
            fail(.outOfRange(key: key, value: scalar.string, range: "between 0 and 86400 seconds"), at: field.value)
            return nil
        }
        return value
    }

    /// One of a fixed set of words, written exactly (`colour: srgb`).
    mutating func choice<Value: RawRepresentable & CaseIterable>(_ field: Field?, key: String, as: Value.Type) -> Value?
    where Value.RawValue == String {
        guard let text = string(field, key: key) else { return nil }
        if let value = Value(rawValue: text) { return value }
        let allowed = Value.allCases.map(\.rawValue)
        fail(.notOneOf(key: key, value: text, suggestion: Suggestion.closest(to: text, in: allowed), allowed: allowed),
             at: field?.value)
        return nil
    }

    /// A non-empty list of distinct words from a fixed set (`formats: [avif, webp, jpeg]`), in the order written.
    mutating func choices<Value: RawRepresentable & CaseIterable & Equatable>(_ field: Field?, key: String, as: Value.Type) -> [Value]?
    where Value.RawValue == String {
        guard let field, !field.value.isNull else { return nil }
        let allowed = Value.allCases.map(\.rawValue)
        guard case let .sequence(sequence) = field.value, !sequence.isEmpty else {
            fail(.wrongType(key: key, expected: "a non-empty list of " + allowed.joined(separator: ", ")), at: field.value)
            return nil
        }
        var values: [Value] = []
        for item in sequence {
            guard let value = choice(Field(key: field.key, value: item), key: key, as: Value.self) else { return nil }
            guard !values.contains(value) else {
                fail(.duplicateValue(key: key, value: value.rawValue), at: item)
                return nil
            }
            values.append(value)
        }
        return values
    }

    mutating func intList(_ field: Field?, key: String, range: ClosedRange<Int>) -> [Int]? {
        guard let field, !field.value.isNull else { return nil }
        guard case let .sequence(sequence) = field.value, !sequence.isEmpty else {
            fail(.wrongType(key: key, expected: "a non-empty list of whole numbers, like [400, 1600]"), at: field.value)
            return nil
        }
        let values = sequence.map { int($0, key: key, range: range) }
        return values.contains(nil) ? nil : values.compactMap { $0 }
    }

    mutating func stringList(_ field: Field?, key: String) -> [String]? {
        guard let field, !field.value.isNull else { return nil }
        guard case let .sequence(sequence) = field.value else {
            fail(.wrongType(key: key, expected: "a list of text values"), at: field.value)
            return nil
        }
        var values: [String] = []
        for item in sequence {
            guard case let .scalar(scalar) = item else {
                fail(.wrongType(key: key, expected: "a list of text values"), at: item)
                continue
            }
            values.append(scalar.string)
        }
        return values
    }
}
