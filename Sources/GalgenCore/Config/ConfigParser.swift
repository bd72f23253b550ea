import Foundation
import Yams

/// The parse-and-validate stage: gallery.yml text → `Gallery`.
///
/// Every problem is collected with its line and column, so one run shows them all.
public enum ConfigParser {
    /// Parses gallery.yml's bytes, which must be UTF-8 text without control characters.
    public static func parse(_ bytes: [UInt8], file: String = "gallery.yml", directory: String, home: String? = nil) throws(ConfigErrors) -> Gallery {
        switch ConfigText.decode(bytes) {
        case let .success(text):
            return try parse(text, file: file, directory: directory, home: home)
        case let .failure(problem):
            throw ConfigErrors([ConfigError(problem.kind, at: SourceLocation(file: file, line: problem.line, column: problem.column))])
        }
    }

    /// Parses `text`, read from `file` in `directory` (used to resolve relative `src` paths;
    /// `~/…` is resolved against `home`).
    public static func parse(_ text: String, file: String = "gallery.yml", directory: String, home: String? = nil) throws(ConfigErrors) -> Gallery {
        var reader = ConfigReader(file: file, directory: directory, home: home)
        if let problem = ConfigText.firstProblem(in: text) {
            throw ConfigErrors([ConfigError(problem.kind, at: SourceLocation(file: file, line: problem.line, column: problem.column))])
        }
        let root: Node?
        do {
            if let mark = try AliasBudget.overrun(in: text) {
                throw ConfigErrors([ConfigError(.tooManyAliases(limit: AliasBudget.limit),
                                                at: SourceLocation(file: file, line: mark.line, column: mark.column))])
            }
            root = try Yams.compose(yaml: text, .asWritten)
        } catch let errors as ConfigErrors {
            throw errors
        } catch {
            throw ConfigErrors([reader.syntaxError(error)])
        }
        let gallery = reader.readGallery(root)
        guard reader.errors.isEmpty else { throw ConfigErrors(ConfigErrors.inFileOrder(reader.errors)) }
        return gallery
    }
}

extension Resolver {
    /// gallery.yml's and the sidecars' resolver: none of YAML's implicit types. `ConfigReader` reads
    /// every scalar as the text written (`title: no` is "no", `quality: 080` is 80), never by its tag,
    /// and finds duplicate keys by their text alone, as it reads them (`1:` and `"1":` are one key).
    /// Yams's default resolver ran seven regular expressions on every mapping key to hash it for its
    /// duplicate check: a quarter of the user CPU of a build's start at 10,000 photos.
    static let asWritten = Resolver.basic
}

/// Walks the YAML node tree, turning nodes into values and collecting errors.
struct ConfigReader {
    let file: String
    let directory: String
    let home: String?
    var errors: [ConfigError] = []

    static let galleryKeys = ["title", "description", "base_url", "template", "thumbnails", "video", "live_photos", "download", "viewer", "images", "albums", "sort",
                              "reverse", "feeds", "tags", "downloads", "language", "labels", "details", "rights",
                              "places", "watermark"]

    func location(_ node: Node?) -> SourceLocation {
        let mark = node?.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    mutating func fail(_ kind: ConfigError.Kind, at node: Node?) {
        errors.append(ConfigError(kind, at: location(node)))
    }

    func syntaxError(_ error: Error) -> ConfigError {
        switch error as? YamlError {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.joined(separator: ": ")
            return ConfigError(.syntax("invalid YAML: \(detail)"),
                               at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return ConfigError(.syntax("the key \(keys) appears twice in the same block; keep one"),
                               at: SourceLocation(file: file, line: context.mark.line, column: context.mark.column))
        case let .reader(problem, offset, _, yaml):
            // Yams counts the offset in Characters; the location counts scalars since the last line break.
            var position = TextPosition()
            let end = offset.flatMap { yaml.index(yaml.startIndex, offsetBy: $0, limitedBy: yaml.endIndex) } ?? yaml.startIndex
            for scalar in yaml.unicodeScalars[..<end] { position.advance(past: scalar) }
            return ConfigError(.syntax("unreadable YAML: \(problem)"),
                               at: SourceLocation(file: file, line: position.line, column: position.column))
        default:
            return ConfigError(.syntax("unreadable YAML: \(error)"), at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    mutating func readGallery(_ root: Node?) -> Gallery {
        guard let root, !root.isNull else { return Gallery(title: "Gallery") }
        guard let fields = mapping(root, context: "gallery.yml", allowed: Self.galleryKeys) else {
            return Gallery(title: "Gallery")
        }
        var gallery = Gallery(title: string(fields["title"], key: "title") ?? "Gallery")
        gallery.description = string(fields["description"], key: "description")
        gallery.baseURL = baseURL(fields["base_url"])
        gallery.templatePath = string(fields["template"], key: "template")
        gallery.thumbnails = readThumbnails(fields["thumbnails"])
        gallery.thumbnails.video = readVideo(fields["video"], livePhotos: fields["live_photos"])
        gallery.download = readDownload(fields["download"])
        gallery.viewer = readViewer(fields["viewer"])
        gallery.order = readOrder(fields, inherited: PhotoOrder()) ?? PhotoOrder()
        readShare(fields, into: &gallery)
        let sources = SourceClassifier(directory: directory, home: home, allowInsecureHosts: gallery.download.allowInsecureHosts)
        if let images = fields["images"], let albums = fields["albums"] {
            fail(.conflictingKeys("images", "albums"), at: albums.key)
            _ = (images, albums)
        } else if let albums = fields["albums"] {
            gallery.hasAlbums = true
            (gallery.albums, gallery.trees) = readAlbums(albums.value, order: gallery.order, sources: sources)
        } else if let images = fields["images"] {
            let list = readImages(images.value, sources: sources)
            var album = Album(title: gallery.title, slug: "", description: gallery.description, images: list.images)
            album.groups = list.groups
            gallery.albums = [album]
        }
        return gallery
    }

    /// An absolute http(s) URL without query or fragment, always ending in "/".
    mutating func baseURL(_ field: Field?) -> String? {
        guard let text = string(field, key: "base_url")?.trimmingCharacters(in: .whitespaces) else { return nil }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "https" || scheme == "http", components.host?.isEmpty == false,
              components.query == nil, components.fragment == nil, components.user == nil
        else {
            fail(.invalidBaseURL(URLRedaction.redact(text)), at: field?.value)
            return nil
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    mutating func readThumbnails(_ field: Field?) -> RenditionRequest {
        var settings = RenditionRequest.galleryDefault
        guard let field, let fields = mapping(field.value, context: "thumbnails", allowed: ["widths", "quality", "max_pixels", "colour", "formats"]) else {
            return settings
        }
        if let widths = intList(fields["widths"], key: "thumbnails.widths", range: 16...8192) {
            settings.widths = Array(Set(widths)).sorted()
        }
        settings.quality = int(fields["quality"], key: "thumbnails.quality", range: 1...100) ?? settings.quality
        settings.maxPixels = int(fields["max_pixels"], key: "thumbnails.max_pixels", range: 1...4_000_000_000) ?? settings.maxPixels
        settings.colour = choice(fields["colour"], key: "thumbnails.colour", as: ThumbnailColour.self) ?? settings.colour
        if let formats = choices(fields["formats"], key: "thumbnails.formats", as: OutputFormat.self), let node = fields["formats"] {
            if formats.allSatisfy({ $0 == .jxl }) {
                fail(.onlyJXL(key: "thumbnails.formats"), at: node.value)
            } else {
                settings.formats = formats
            }
        }
        return settings
    }

    mutating func readVideo(_ field: Field?, livePhotos: Field?) -> VideoSettings {
        var settings = VideoSettings.galleryDefault
        settings.livePhotos = bool(livePhotos, key: "live_photos") ?? settings.livePhotos
        guard let field, let fields = mapping(field.value, context: "video",
                                              allowed: ["heights", "formats", "quality", "audio", "max_duration", "max_pixels", "max_memory",
                                                        "passthrough"]) else {
            return settings
        }
        if let heights = intList(fields["heights"], key: "video.heights", range: 144...4320) {
            settings.heights = Array(Set(heights)).sorted()
        }
        settings.formats = choices(fields["formats"], key: "video.formats", as: VideoCodec.self) ?? settings.formats
        settings.quality = int(fields["quality"], key: "video.quality", range: 0...51) ?? settings.quality
        settings.audio = bool(fields["audio"], key: "video.audio") ?? settings.audio
        if let seconds = int(fields["max_duration"], key: "video.max_duration", range: 1...86_400) {
            settings.maxDuration = Double(seconds)
        }
        settings.maxPixels = int(fields["max_pixels"], key: "video.max_pixels", range: 1...1_000_000_000) ?? settings.maxPixels
        settings.maxMemory = int(fields["max_memory"], key: "video.max_memory", range: VideoMemory.settingRange) ?? settings.maxMemory
        settings.passthrough = bool(fields["passthrough"], key: "video.passthrough") ?? settings.passthrough
        return settings
    }

    mutating func readViewer(_ field: Field?) -> ViewerSettings {
        var settings = ViewerSettings()
        guard let field, let fields = mapping(field.value, context: "viewer", allowed: ["slideshow", "originals", "originals_with_location"]) else {
            return settings
        }
        // `slideshow: false` is no slideshow, like leaving it out; a number is seconds per photo.
        if let slideshow = fields["slideshow"], Self.boolean(slideshow) != false {
            settings.slideshowSeconds = int(slideshow, key: "viewer.slideshow", range: 2...600)
        }
        settings.originals = bool(fields["originals"], key: "viewer.originals") ?? false
        settings.originalsWithLocation = bool(fields["originals_with_location"], key: "viewer.originals_with_location") ?? false
        return settings
    }

    mutating func readDownload(_ field: Field?) -> DownloadSettings {
        var settings = DownloadSettings()
        let allowed = ["concurrency", "per_host", "timeout", "max_bytes", "allow_insecure_hosts"]
        guard let field, let fields = mapping(field.value, context: "download", allowed: allowed) else {
            return settings
        }
        settings.concurrency = int(fields["concurrency"], key: "download.concurrency", range: 1...256) ?? settings.concurrency
        settings.perHost = int(fields["per_host"], key: "download.per_host", range: 1...256) ?? settings.perHost
        settings.timeoutSeconds = int(fields["timeout"], key: "download.timeout", range: 1...3600) ?? settings.timeoutSeconds
        settings.maxBytes = int(fields["max_bytes"], key: "download.max_bytes", range: 1...Int(Int32.max) * 8) ?? settings.maxBytes
        settings.allowInsecureHosts = stringList(fields["allow_insecure_hosts"], key: "download.allow_insecure_hosts") ?? []
        return settings
    }
}
