import Foundation
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// The built-in tables, plurals, the fallback to English, `labels:` and the locale's numbers and dates.
@Suite("Labels: the visitor's language")
struct LabelsTests {
    static let languages = Labels.builtIn.keys.sorted()

    static func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// `photosFew` → `photos`, for a plural form English has (as `photosOther`).
    static func pluralBase(_ key: String) -> String? {
        for form in PluralCategory.allCases {
            let suffix = form.suffix
            if key.hasSuffix(suffix), Labels.english[key.dropLast(suffix.count) + "Other"] != nil {
                return String(key.dropLast(suffix.count))
            }
        }
        return nil
    }

    @Test("Every built-in language has every key, no others, and the same placeholders", arguments: languages)
    func everyTableIsComplete(_ language: String) throws {
        let table = try #require(Labels.builtIn[language])
        let missing = Set(Labels.english.keys).subtracting(table.keys).sorted()
        #expect(missing.isEmpty, "\(language) has no \(missing)")
        for (key, text) in table {
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language).\(key) is empty")
            if let english = Labels.english[key] {
                if let base = Self.pluralBase(key) {
                    // A plural form may say the number in words ("صورتان", "תמונה אחת").
                    #expect(Self.placeholders(text).isSubset(of: Self.placeholders(english)), "\(language).\(key): \(text)")
                    _ = base
                } else {
                    #expect(Self.placeholders(text) == Self.placeholders(english), "\(language).\(key): \(text)")
                }
            } else {
                let base = try #require(Self.pluralBase(key), "\(language) has a key English has not: \(key)")
                #expect(Self.placeholders(text).isSubset(of: Self.placeholders(Labels.english[base + "Other"] ?? "")))
            }
        }
    }

    @Test func aLanguageWithoutATableKeepsItsTagAndReadsInEnglish() {
        let swedish = Labels(SiteLanguage(tag: "sv"))
        #expect(swedish.language == "sv" && swedish.builtIn == nil && !swedish.isRightToLeft)
        for key in Labels.english.keys { #expect(swedish[key] == Labels.english[key]) }
        #expect(Labels.noTableMessage("sv").contains("labels:"))
    }

    @Test func aRegionalTagTakesItsLanguagesTable() {
        #expect(Labels(SiteLanguage(tag: "de-CH")).builtIn == "de")
        #expect(Labels(SiteLanguage(tag: "pt-BR"))["next"] == "Próxima")
        #expect(Labels(SiteLanguage(tag: "DE"))["next"] == "Weiter")
    }

    @Test func labelsOverrideTheTableAndTheRestStays() {
        let labels = Labels(SiteLanguage(tag: "de", overrides: ["next": "Vor", "photosOther": "{count} Bilder"]))
        #expect(labels["next"] == "Vor")
        #expect(labels["previous"] == "Zurück")
        #expect(labels.text("photos", count: 3) == "3 Bilder")
        #expect(labels.text("photos", count: 1) == "1 Foto")
        #expect(labels.digest != Labels(SiteLanguage(tag: "de")).digest)
    }

    @Test func anUnknownKeyFallsBackToEnglishThenToTheKey() {
        let labels = Labels(SiteLanguage(tag: "ja"))
        #expect(labels.text("noSuchKey") == "noSuchKey")
        #expect(!labels["startSlideshow"].isEmpty && labels["startSlideshow"] != Labels.english["startSlideshow"])
    }

    @Test func rightToLeftLanguagesAreMarked() {
        for tag in ["ar", "he", "ar-EG", "fa", "ur"] { #expect(Labels(SiteLanguage(tag: tag)).isRightToLeft, "\(tag)") }
        for tag in ["en", "de", "ja", "sv"] { #expect(!Labels(SiteLanguage(tag: tag)).isRightToLeft, "\(tag)") }
    }

    @Test("Plural forms follow each language's rule", arguments: [
        ("en", 1, "1 photo"), ("en", 0, "0 photos"), ("en", 3000, "3,000 photos"),
        ("fr", 0, "0 photo"), ("fr", 1, "1 photo"), ("fr", 2, "2 photos"),
        ("de", 1, "1 Foto"), ("de", 3000, "3.000 Fotos"),
        ("ja", 1, "1枚の写真"), ("ja", 7, "7枚の写真"),
        ("ar", 1, "صورة واحدة"), ("ar", 2, "صورتان"), ("ar", 3, "3 صور"), ("ar", 11, "11 صورة"), ("ar", 100, "100 صورة"),
        ("ar", 103, "103 صور"),
        ("he", 1, "תמונה אחת"), ("he", 2, "2 תמונות"),
    ])
    func pluralForms(_ language: String, _ count: Int, _ text: String) {
        #expect(Labels(SiteLanguage(tag: language)).text("photos", count: count) == text)
    }

    @Test("Numbers are grouped as the language writes them", arguments: [
        ("en", "3,000"), ("de", "3.000"), ("fr", "3\u{202F}000"), ("ja", "3,000"), ("ar", "3,000"), ("nl", "3.000"),
    ])
    func numbers(_ language: String, _ text: String) {
        #expect(Labels(SiteLanguage(tag: language)).number(3000) == text)
    }

    @Test("Capture dates are written as the language writes them", arguments: [
        ("en", "2019-05-04 12:30"), ("de", "4. Mai 2019, 12:30"), ("fr", "4 mai 2019 à 12:30"),
        ("ja", "2019年5月4日 12:30"), ("ar", "4 مايو، 2019، 12:30\u{A0}م"),
    ])
    func dates(_ language: String, _ text: String) {
        let labels = Labels(SiteLanguage(tag: language))
        #expect(labels.date("2019:05:04 12:30:59") == text)
        #expect(labels.date("0000:00:00 00:00:00") == nil)
    }

    @Test func positionsStayUngroupedInEnglish() {
        #expect(Labels.standard.position(3000) == "3000")
        #expect(Labels(SiteLanguage(tag: "de")).position(3000) == "3.000")
    }

    @Test func aDateWithoutItsTimeIsOnlyTheDate() {
        #expect(Labels(SiteLanguage(tag: "de")).date("2019:05:04") == "4. Mai 2019")
        #expect(Labels.standard.date("2019:05:04") == "2019-05-04")
    }

    @Test func labelsMayNameAPluralFormOfAnyBuiltInLanguage() throws {
        let gallery = try #require(parseGallery("title: T\nlanguage: ar\nlabels: {photosFew: \"{count} لقطات\", next: التالية}\nimages: [a.jpg]\n"))
        #expect(gallery.labels.text("photos", count: 4) == "4 لقطات")
        #expect(gallery.labels["next"] == "التالية")
        #expect { try ConfigParser.parse("title: T\nlabels: {nxet: Vor}\n", file: "gallery.yml", directory: "/site") } throws: { error in
            "\(error)".contains("unknown key 'nxet' in labels; did you mean 'next'?")
        }
    }

    @Test func theTemplatesReadLabelsAndTheHelpAsMarkup() {
        let view = LabelsViewModel(Labels(SiteLanguage(tag: "de", overrides: ["noPhotosHelp": "Fotos <hier> unter {images}"])),
                                   generator: "galgen 1.0", title: "Sommer")
        #expect(view.child(named: "language") as? String == "de")
        #expect(view.child(named: "rtl") as? Bool == false)
        #expect(view.child(named: "madeWith") as? String == "Erstellt mit galgen 1.0")
        #expect(view.child(named: "photosOf") as? String == "Fotos: Sommer")
        #expect(view.child(named: "noPhotosHelp") as? String == "Fotos &lt;hier&gt; unter <code>images:</code>")
        #expect(view.child(named: "noSuchKey") == nil)
        #expect(!Labels.english.keys.contains("language") && !Labels.english.keys.contains("rtl"))
    }
}

/// `{name}` placeholders filled in one pass (issue 42's merge profile: the Foundation replace per
/// value was 5 % of a 10,000-photo merge's CPU).
struct LabelPlaceholderTests {
    @Test("Placeholders filled once, everything else kept", arguments: [
        ("{a} of {b}", ["a": "5", "b": "3000"], "5 of 3000"),
        ("no braces", ["a": "x"], "no braces"),
        ("{a}{a}", ["a": "x"], "xx"),
        ("{unknown} {a}", ["a": "x"], "{unknown} x"),
        ("{a} {b}", ["a": "{b}", "b": "y"], "{b} y"),
        ("{{a}}", ["a": "x"], "{x}"),
        ("{a", ["a": "x"], "{a"),
        ("a}", ["a": "x"], "a}"),
        ("{}", ["": "empty"], "empty"),
        ("é {a} ü", ["a": "ß"], "é ß ü"),
    ])
    func filled(_ text: String, _ values: [String: String], _ expected: String) {
        #expect(Labels.filled(text, values) == expected)
    }

    @Test func everyBuiltInStringFillsAsBefore() {
        // The old rule (a replace per value) on every label of every language, with values that hold no braces.
        let values = ["count": "1,234", "generator": "galgen 1", "albums": "`albums:`", "build": "`galgen build`",
                      "title": "Trip", "name": "Kyoto", "position": "5", "total": "9", "place": "Uji", "album": "Day"]
        for language in [nil] + Labels.builtIn.keys.sorted() {
            let table = Labels.english.merging(language.flatMap { Labels.builtIn[$0] } ?? [:]) { _, new in new }
            for (key, text) in table {
                var old = text
                for (name, value) in values { old = old.replacingOccurrences(of: "{\(name)}", with: value) }
                #expect(Labels.filled(text, values) == old, "\(language ?? "en") \(key)")
            }
        }
    }
}
