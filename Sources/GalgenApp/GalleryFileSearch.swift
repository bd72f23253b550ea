import Foundation

/// Which gallery.yml a build uses without `--config`: the one in the current folder, else the
/// nearest one in a folder above it, as git finds its repository and Hugo its configuration.
public enum GalleryFileSearch: Equatable, Sendable {
    /// `--config` named it.
    case given
    /// The current folder's gallery.yml.
    case here
    /// The nearest gallery.yml above the current folder (its absolute path).
    case above(String)
    /// No gallery.yml in the current folder (its absolute path) or any folder above it.
    case none(searchedFrom: String)

    public static let fileName = "gallery.yml"

    /// The search from `folder` (absolute, standardised) up to `/`; `isFile` says whether a path is a
    /// file (a folder named gallery.yml is not). Pure.
    static func search(from folder: String, isFile: (String) -> Bool) -> (path: String, found: GalleryFileSearch) {
        var current = folder
        while true {
            let candidate = (current == "/" ? "" : current) + "/" + fileName
            if isFile(candidate) { return (candidate, current == folder ? .here : .above(candidate)) }
            guard current != "/", !current.isEmpty else { break }
            current = Paths.folder(of: current)
            if current.isEmpty { current = "/" }
        }
        return (folder + "/" + fileName, .none(searchedFrom: folder))
    }

    static func isFile(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
    }

    /// What a build says before it starts: which file it uses when it is not the current
    /// folder's, or nil.
    public var line: String? {
        guard case let .above(path) = self else { return nil }
        return "Using \(path): no gallery.yml here, and it is the nearest one above."
    }

    /// Why the build cannot start (nothing to build), or nil.
    public var problem: String? {
        guard case let .none(folder) = self else { return nil }
        return "there is no gallery.yml in \(folder) or in any folder above it. Run `galgen init` to create one "
            + "(or `galgen init --from FOLDER` for a folder of photos), or pass --config PATH."
    }
}
