import Foundation
import GalgenPlaces
import Yams

/// `feeds:`, `tags:`, `downloads:`, `language:` and `labels:` at the top of gallery.yml, and a
/// photo's `tags:` list.
extension ConfigReader {
    mutating func readShare(_ fields: [String: Field], into gallery: inout Gallery) {
        gallery.feeds = readFeeds(fields["feeds"])
        gallery.tags = readTags(fields["tags"])
        gallery.downloads = readDownloads(fields["downloads"], key: "downloads") ?? .none
        gallery.details = readDetails(fields["details"]) ?? DetailGroup.all
        gallery.rights = readRights(fields["rights"])
        gallery.watermark = readWatermark(fields["watermark"])
        gallery.places = readPlaces(fields["places"])
        gallery.language = SiteLanguage(tag: languageTag(fields["language"]) ?? "en", overrides: readLabels(fields["labels"]))
    }

    /// `feeds: false`, `feeds: true`, or `feeds: {limit: 20}`.
    mutating func readFeeds(_ field: Field?) -> FeedSettings {
        guard let field, !field.value.isNull else { return FeedSettings() }
        if case .scalar = field.value {
            return FeedSettings(enabled: bool(field, key: "feeds") ?? true, asked: true)
        }
        guard let fields = mapping(field.value, context: "feeds", allowed: ["limit"]) else { return FeedSettings(asked: true) }
        return FeedSettings(limit: int(fields["limit"], key: "feeds.limit", range: 1...10_000) ?? 50, asked: true)
    }

    /// `tags: false`, `tags: true`, or `tags: {people: true}`.
    mutating func readTags(_ field: Field?) -> TagSettings {
        guard let field, !field.value.isNull else { return TagSettings() }
        if case .scalar = field.value { return TagSettings(enabled: bool(field, key: "tags") ?? true) }
        guard let fields = mapping(field.value, context: "tags", allowed: ["people"]) else { return TagSettings() }
        return TagSettings(people: bool(fields["people"], key: "tags.people") ?? false)
    }

    /// `downloads: zip`, or `downloads: false` (or `none`) for nothing.
    mutating func readDownloads(_ field: Field?, key: String) -> AlbumDownloads? {
        guard let field, !field.value.isNull else { return nil }
        if Self.boolean(field) == false { return AlbumDownloads.none }
        return choice(field, key: key, as: AlbumDownloads.self)
    }

    /// `details: true` (everything), `details: false` (nothing) or a list of `DetailGroup`s
    /// (`details: [camera, exposure]`); nil when not given.
    mutating func readDetails(_ field: Field?) -> Set<DetailGroup>? {
        guard let field, !field.value.isNull else { return nil }
        let expected = "true, false or a list of " + DetailGroup.allCases.map(\.rawValue).joined(separator: ", ")
        if case .scalar = field.value {
            guard let shown = Self.boolean(field) else {
                fail(.wrongType(key: "details", expected: expected), at: field.value)
                return nil
            }
            return shown ? DetailGroup.all : []
        }
        return choices(field, key: "details", as: DetailGroup.self).map(Set.init)
    }

    /// `rights: {creator, copyright, license, acquire_license_page}`: text, trimmed; the licence
    /// an http(s) address or a name, the page to acquire one an http(s) address.
    mutating func readRights(_ field: Field?) -> RightsSettings {
        guard let field, !field.value.isNull,
              let fields = mapping(field.value, context: "rights", allowed: ["creator", "copyright", "license", "acquire_license_page"])
        else { return RightsSettings() }
        func text(_ key: String) -> String? {
            string(fields[key], key: key).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        var rights = RightsSettings(creator: text("creator"), copyright: text("copyright"), license: text("license"),
                                    acquireLicensePage: text("acquire_license_page"))
        if let page = rights.acquireLicensePage, !RightsSettings.isWebAddress(page) {
            fail(.wrongType(key: "acquire_license_page", expected: "an http:// or https:// address"), at: fields["acquire_license_page"]?.value)
            rights.acquireLicensePage = nil
        }
        return rights
    }

    /// `places: false` (the default: nothing), `places: true` (cities), or
    /// `places: {level: city | region | country, hide_near: [[latitude, longitude, km], …]}`.
    mutating func readPlaces(_ field: Field?) -> PlacesSettings? {
        guard let field, !field.value.isNull else { return nil }
        if case .scalar = field.value {
            guard let on = Self.boolean(field) else {
                fail(.wrongType(key: "places", expected: "true, false or {level: city, hide_near: [[52.37, 4.89, 2]]}"), at: field.value)
                return nil
            }
            return on ? PlacesSettings() : nil
        }
        guard let fields = mapping(field.value, context: "places", allowed: ["level", "hide_near"]) else { return nil }
        var settings = PlacesSettings(level: choice(fields["level"], key: "places.level", as: Place.Level.self) ?? .city)
        guard let hide = fields["hide_near"], !hide.value.isNull else { return settings }
        let expected = "a list of circles, each [latitude, longitude, km] such as [52.37, 4.89, 2]"
        guard case let .sequence(circles) = hide.value else {
            fail(.wrongType(key: "places.hide_near", expected: expected), at: hide.value)
            return settings
        }
        for circle in circles {
            guard case let .sequence(numbers) = circle, numbers.count == 3 else {
                fail(.wrongType(key: "places.hide_near", expected: expected), at: circle)
                continue
            }
            let values = [(numbers[0], -90.0...90.0, "latitude"), (numbers[1], -180.0...180.0, "longitude"), (numbers[2], 0.001...20_000.0, "km")]
                .map { node, range, name in number(node, key: "places.hide_near " + name, range: range) }
            if let latitude = values[0], let longitude = values[1], let km = values[2] {
                settings.hideNear.append(PlacesSettings.Circle(latitude: latitude, longitude: longitude, km: km))
            }
        }
        return settings
    }

    /// A plain number in `range` (`52.37`, `-4`).
    mutating func number(_ node: Node, key: String, range: ClosedRange<Double>) -> Double? {
        guard case let .scalar(scalar) = node, scalar.style == .plain, let value = Double(scalar.string), value.isFinite else {
            fail(.wrongType(key: key, expected: "a number between \(range.lowerBound.formatted()) and \(range.upperBound.formatted())"), at: node)
            return nil
        }
        guard range.contains(value) else {
            fail(.outOfRange(key: key, value: scalar.string, range: "between \(range.lowerBound.formatted()) and \(range.upperBound.formatted())"),
                 at: node)
            return nil
        }
        return value
    }

    /// A photo's `tags:`: one tag or a list of them, each trimmed and NFC, empty ones dropped.
    mutating func tagList(_ field: Field?) -> [String] {
        guard let field, !field.value.isNull else { return [] }
        let written: [String]
        if case let .scalar(scalar) = field.value { written = [scalar.string] } else { written = stringList(field, key: "tags") ?? [] }
        var seen = Set<String>()
        return written.map { $0.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// A BCP 47 language tag (RFC 5646's shape: a 2–3 letter language, then subtags of 1–8
    /// letters or digits), such as `de`, `pt-BR` or `zh-Hant`.
    mutating func languageTag(_ field: Field?) -> String? {
        guard let text = string(field, key: "language")?.trimmingCharacters(in: .whitespaces) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let valid = (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard valid else {
            fail(.wrongType(key: "language", expected: "a language tag such as en, de, fr, pt-BR or ja"), at: field?.value)
            return nil
        }
        return text
    }

    /// `labels:`: galgen's own strings by key, each replaced by the text given.
    mutating func readLabels(_ field: Field?) -> [String: String] {
        guard let field, !field.value.isNull else { return [:] }
        let allowed = Labels.keys
        guard let fields = mapping(field.value, context: "labels", allowed: allowed) else { return [:] }
        var labels: [String: String] = [:]
        for (key, value) in fields {
            guard let text = string(value, key: "labels.\(key)") else { continue }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else {
                fail(.wrongType(key: "labels.\(key)", expected: "some text (leave the key out for galgen's own)"), at: value.value)
                continue
            }
            labels[key] = trimmed
        }
        return labels
    }

    /// An album's `unlisted: true | false`, or `unlisted: k3j9x0q2ma`: unlisted at that address.
    mutating func readUnlisted(_ field: Field?) -> (Bool, String?) {
        guard let field, !field.value.isNull else { return (false, nil) }
        if let flag = Self.boolean(field) { return (flag, nil) }
        guard let text = string(field, key: "unlisted"), UnlistedAddress.isToken(text) else {
            fail(.wrongType(key: "unlisted", expected: "true, false, or the \(UnlistedAddress.tokenLength) letters and digits "
                                + "of an unlisted album's address (as a build prints them)"), at: field.value)
            return (false, nil)
        }
        return (true, text)
    }

    /// An album's `private: {password_env: NAME, password_file: PATH, listed: true}`: each of
    /// `password_env` and `password_file` one or a list; at least one password. A password itself
    /// is never read from gallery.yml.
    mutating func readPrivate(_ field: Field?) -> PrivateAccess? {
        guard let field, !field.value.isNull else { return nil }
        let expected = "where its passwords are: private: {password_env: NAME} or {password_file: PATH} "
            + "(never a password itself: gallery.yml is committed and published)"
        guard case let .mapping(raw) = field.value else {
            fail(.wrongType(key: "private", expected: expected), at: field.value)
            return nil
        }
        if let (key, _) = raw.first(where: { $0.key.scalar?.string == "password" }) {
            fail(.wrongType(key: "private.password", expected: "no password in gallery.yml (it is committed and published): "
                            + "put it in an environment variable (password_env: NAME) or a file kept out of git (password_file: PATH)"),
                 at: key)
            return nil
        }
        guard let fields = mapping(field.value, context: "private", allowed: ["password_env", "password_file", "listed"]) else { return nil }
        let names = oneOrMany(fields["password_env"], key: "private.password_env")
        for (name, node) in names where !Self.isEnvironmentName(name) {
            fail(.wrongType(key: "private.password_env", expected: "the name of an environment variable (letters, digits and _, "
                            + "not starting with a digit), such as FAMILY_PASSWORD"), at: node)
        }
        let files = oneOrMany(fields["password_file"], key: "private.password_file")
        for (path, node) in files where path.isEmpty {
            fail(.wrongType(key: "private.password_file", expected: "the path of a file that holds the password"), at: node)
        }
        let passwords = names.map { PrivateAccess.PasswordSource.environment($0.0) } + files.map { .file($0.0) }
        guard !passwords.isEmpty else {
            fail(.missingKey("password_env", context: "private (or password_file)"), at: field.value)
            return nil
        }
        let listed = bool(fields["listed"], key: "private.listed") ?? false
        return PrivateAccess(passwords: passwords, listed: listed)
    }

    /// A text value or a list of them, each with its node (for messages).
    private mutating func oneOrMany(_ field: Field?, key: String) -> [(String, Node)] {
        guard let field, !field.value.isNull else { return [] }
        if case let .scalar(scalar) = field.value { return [(scalar.string, field.value)] }
        guard case let .sequence(items) = field.value else {
            fail(.wrongType(key: key, expected: "a name or a list of names"), at: field.value)
            return []
        }
        return items.compactMap { item in
            guard case let .scalar(scalar) = item else {
                fail(.wrongType(key: key, expected: "a name or a list of names"), at: item)
                return nil
            }
            return (scalar.string, item)
        }
    }

    static func isEnvironmentName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
