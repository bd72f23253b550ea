/// CLDR's plural categories, for the languages with a built-in table: which form of "{count}
/// photos" a number takes. Languages not listed here take English's rule (one for 1, else other).
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language` (a base language such as `ar`), from CLDR's rules
    /// for integers.
    public init(_ count: Int, language: String) {
        let n = count.magnitude
        switch language {
        case "ja", "zh", "ko":
            self = .other
        case "fr", "pt":
            self = n <= 1 ? .one : .other
        case "ar":
            let hundreds = n % 100
            self = n == 0 ? .zero : n == 1 ? .one : n == 2 ? .two
                : (3...10).contains(hundreds) ? .few : (11...99).contains(hundreds) ? .many : .other
        case "he":
            self = n == 1 ? .one : n == 2 ? .two : .other
        default:
            self = n == 1 ? .one : .other
        }
    }

    /// What a plural key ends in: `photos` + `Few`.
    var suffix: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
