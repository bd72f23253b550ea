/// One problem in gallery.yml: where it is, what is wrong, and how to fix it.
public struct ConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Error, Equatable, Sendable {
        case syntax(String)
        case unknownKey(String, context: String, suggestion: String?, allowed: [String])
        case missingKey(String, context: String)
        case wrongType(key: String, expected: String)
        case outOfRange(key: String, value: String, range: String)
        case notOneOf(key: String, value: String, suggestion: String?, allowed: [String])
        case duplicateValue(key: String, value: String)
        case onlyJXL(key: String)
        case duplicateSlug(String, firstSeen: SourceLocation)
        case invalidSlug(String)
        case reservedSlug(String)
        case placesFolderTaken(String)
        case slugTooLong(String, limit: Int)
        case unsupportedScheme(String, url: String)
        case insecureURL(url: String, host: String)
        case emptySource
        case conflictingKeys(String, String)
        case invalidBaseURL(String)
        case invalidUTF8(byte: UInt8)
        case controlCharacter(Unicode.Scalar)
        case tooManyAliases(limit: Int)
        case keyNotText(kind: String, context: String, allowed: [String])
        case folderMissing(String)
        case notAFolder(String)
        case folderUnreadable(String, reason: String)
        case emptyFolder(String, found: String)
        case globMatchedNothing(String, found: String)
        case broughtInTwice(photo: String, more: Int, first: String, firstSeen: SourceLocation, second: String)
        case noAlbumFolders(String, found: String)
        case keyOnFolder(String, folder: String)
        case sidecar(String)
        case excludeOnPhoto(String)
    }

    public var location: SourceLocation
    public var kind: Kind

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    public var description: String { "\(location): error: \(message)" }

    /// What is wrong and how to fix it, without the location.
    public var message: String {
        switch kind {
        case let .syntax(problem):
            "\(problem). Check the indentation and quoting on this line."
        case let .unknownKey(key, context, suggestion, allowed):
            "unknown key '\(key)' in \(context)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
                + " Allowed keys: \(allowed.joined(separator: ", "))."
        case let .missingKey(key, context):
            "\(context) has no '\(key)'. Add '\(key):' to it."
        case let .wrongType(key, expected):
            "'\(key)' must be \(expected)."
        case let .outOfRange(key, value, range):
            "'\(key)' is \(value), but it must be \(range)."
        case let .notOneOf(key, value, suggestion, allowed):
            "'\(key)' is '\(value.count > 40 ? value.prefix(40) + "…" : value)', but it must be one of: "
                + allowed.joined(separator: ", ") + (suggestion.map { "; did you mean '\($0)'?" } ?? ".")
        case let .duplicateValue(key, value):
            "'\(value)' is listed twice in '\(key)'. List each one once."
        case let .onlyJXL(key):
            "'\(key)' lists only jxl, which many browsers cannot show yet (Safari and recent Chromium can, Firefox and older browsers cannot). "
                + "Add a format every browser shows, for example: formats: [jxl, avif, jpeg]."
        case let .duplicateSlug(slug, firstSeen):
            "the slug '\(slug)' is already used at \(firstSeen). Give one of them a different 'slug:'."
        case let .reservedSlug(slug):
            "the slug '\(slug)' is a folder galgen's site uses itself (\(OutputLayout.reservedNames.sorted().joined(separator: ", "))). "
                + "Choose another 'slug:'."
        case let .placesFolderTaken(slug):
            "the slug '\(slug)' is where the places pages go when 'places:' is on. Give this album or photo another 'slug:'."
        case let .invalidSlug(slug):
            "the slug '\(slug)' may only contain letters, digits, '-' and '_', and must start with a letter or digit."
        case let .slugTooLong(slug, limit):
            "the slug '\(slug.prefix(24))…' is \(slug.utf8.count) characters long; use at most \(limit)."
        case let .unsupportedScheme(scheme, url):
            "'\(url)' uses the unsupported scheme '\(scheme):'. Use an https:// URL or a path relative to gallery.yml."
        case let .insecureURL(url, host):
            "'\(url)' uses plain http. Use https, or list '\(host)' under download.allow_insecure_hosts if you trust the network."
        case .emptySource:
            "'src' is empty. Give a path relative to gallery.yml or an https:// URL."
        case let .invalidBaseURL(url):
            "'base_url' must be the site's absolute http(s) address, such as https://example.com/photos/ (got '\(url)')."
        case let .invalidUTF8(byte):
            "the byte 0x\(String(byte, radix: 16, uppercase: true)) is not valid UTF-8. Save gallery.yml as UTF-8 text."
        case let .controlCharacter(scalar):
            "the control character U+\(HexText.padded(scalar.value, digits: 4)) is not allowed. "
                + "Remove it; inside double quotes, write it as an escape such as \"\\t\"."
        case let .tooManyAliases(limit):
            "the aliases ('*name') here would expand the file to more than \(limit) values. "
                + "Write the repeated parts out, or nest fewer aliases inside one another."
        case let .keyNotText(kind, context, allowed):
            "a key in \(context) is \(kind), but keys must be text. Allowed keys: \(allowed.joined(separator: ", "))."
        case let .folderMissing(path):
            "there is no folder '\(path)'. Check the path; it is relative to gallery.yml."
        case let .notAFolder(path):
            "'\(path)' is not a folder. Name a folder (ending in '/'), a glob such as photos/*.jpg, or one photo."
        case let .folderUnreadable(path, reason):
            "cannot read the folder '\(path)': \(reason). Check its permissions."
        case let .emptyFolder(path, found):
            "the folder '\(path)' holds no photos galgen can read\(found). Add JPEG photos to it, or remove this entry."
        case let .globMatchedNothing(pattern, found):
            "'\(pattern)' matches no photo\(found). Check the pattern: '*' matches within one name, '**' any number of folders, and letter case is ignored."
        case let .broughtInTwice(photo, more, first, firstSeen, second):
            "'\(photo)'\(more > 0 ? " and \(more) more photo\(more == 1 ? "" : "s")" : "") would be brought in by both '\(first)' (\(firstSeen)) and '\(second)'. "
                + "Narrow one of them, or leave the photos out of one with 'exclude:'."
        case let .noAlbumFolders(path, found):
            "no folder under '\(path)' holds photos galgen can read\(found), so there are no albums. Check the path."
        case let .keyOnFolder(key, folder):
            "'\(key)' cannot be set on '\(folder)', which brings in many photos. Give a photo its \(key) in its own entry (- src: \(folder.hasSuffix("/") ? folder : folder + "/")NAME.jpg) or in a sidecar file."
        case let .sidecar(message):
            message
        case let .excludeOnPhoto(src):
            "'exclude' leaves photos out of a folder or glob, but '\(src)' names one photo. To bring in a folder, end it with '/' (\(src)/)."
        case let .conflictingKeys(first, second):
            "use either '\(first)' or '\(second)', not both. '\(first)' is one album; '\(second)' is a list of albums, each with its own 'images'."
        }
    }
}

/// Every problem found in one gallery.yml, in file order.
public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [ConfigError]

    public init(_ errors: [ConfigError]) { self.errors = errors }

    /// Sorted by line and column; errors at the same place keep the order they were found in.
    package static func inFileOrder(_ errors: [ConfigError]) -> [ConfigError] {
        errors.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset)
                < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
