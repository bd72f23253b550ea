import Foundation
import GalgenBuild
import GalgenCore

/// What `galgen init --from FOLDER` writes, decided from the paths and what the walk found: pure.
struct FolderStarter: Equatable, Sendable {
    enum Layout: Equatable, Sendable {
        /// `images: - src: FOLDER/`: one album of every photo and video under the folder.
        case images
        /// `albums: FOLDER/`: every folder that holds photos or videos is an album.
        case albums
    }

    /// The folder's name.
    var title: String
    /// The folder as gallery.yml names it, ending in `/`: relative to gallery.yml's folder
    /// (`photos/`, `./` for its own folder, `../Pictures/Trip/` beside it), so that the two
    /// can be moved, committed and built elsewhere together.
    var source: String
    var layout: Layout

    /// The starter for the absolute, standardised `folder` and `directory` (where gallery.yml
    /// goes), or why there is none. `shown` is the folder as the user wrote it, for messages.
    static func decide(folder: String, directory: String, survey: PhotoSurvey, shown: String) -> Result<FolderStarter, SetupProblem> {
        guard survey.items > 0 else {
            return .failure(.noPhotos(shown, found: survey.leftOut ?? (survey.hidden > 0 ? "only hidden files" : "nothing: it is empty")))
        }
        let source = Self.source(folder: folder, directory: directory)
        if let character = source.first(where: { "*?[".contains($0) }) {
            return .failure(.patternCharacter(shown, character: character))
        }
        let name = folder.split(separator: "/").last.map { String($0).precomposedStringWithCanonicalMapping }
        return .success(FolderStarter(title: name ?? "Photos", source: source, layout: survey.isAlbums ? .albums : .images))
    }

    /// `folder` relative to `directory` (`photos/`, `./`, `../Pictures/Trip/`); always ending in `/`.
    static func source(folder: String, directory: String) -> String {
        let relative = relative(folder, from: directory)
        if relative.isEmpty { return "./" }
        // Read as a URL scheme (`a:b/`), the home folder (`~/`) or trimmed (` a/`) without it.
        let first = relative.split(separator: "/").first ?? ""
        let guarded = first.contains(":") || first.hasPrefix("~") || first.first?.isWhitespace == true
        return (guarded ? "./" : "") + relative + "/"
    }

    /// `path` relative to `folder` (both absolute and standardised): `..` for each of the
    /// folder's parts below the two's common folder, then the rest of the path; empty when they
    /// are the same.
    static func relative(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/"), base = folder.split(separator: "/")
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)).joined(separator: "/")
    }
}

/// Why `galgen init` wrote nothing: the message says what is wrong and how to fix it.
enum SetupProblem: Error, Equatable, Sendable {
    case exists(String)
    case folderMissing(String)
    case notAFolder(String)
    case folderUnreadable(String, reason: String)
    case noPhotos(String, found: String)
    case patternCharacter(String, character: Character)
    case cannotWrite(String, reason: String)

    var message: String {
        switch self {
        case let .exists(path):
            "\(path) already exists; galgen init never overwrites files. Choose an empty folder."
        case let .folderMissing(path):
            "there is no folder \(path). Check the path given to --from."
        case let .notAFolder(path):
            "\(path) is not a folder. Give --from the folder that holds your photos."
        case let .folderUnreadable(path, reason):
            "cannot read the folder \(path): \(reason). Check its permissions."
        case let .noPhotos(path, found):
            "\(path) holds no photos or videos galgen reads (found \(found)). galgen reads \(ImageFormat.supportedList) photos "
                + "and \(ImageFormat.videoList) videos; convert them to one of these, or give --from another folder."
        case let .patternCharacter(path, character):
            "the path of \(path) contains '\(character)', which gallery.yml reads as a pattern, so it cannot name "
                + "this folder. Rename the folder (or the folder it is in) without '*', '?' and '['."
        case let .cannotWrite(path, reason):
            "cannot set up \(path): \(reason)"
        }
    }

    /// Problems with the folder are the configuration's (2); with writing, the output's (3).
    var status: ExitStatus {
        switch self {
        case .exists, .cannotWrite: .cannotWrite
        case .folderMissing, .notAFolder, .folderUnreadable, .noPhotos, .patternCharacter: .invalidConfiguration
        }
    }
}
