import Foundation
import GalgenCore

/// The walk of `galgen init --from`: every file under a folder, as a `FolderListing`.
///
/// Hidden entries are counted and not entered; a symlink to a file counts as that file, and a
/// symlink to a folder is skipped (never followed, so a link loop cannot trap the walk).
enum FolderWalk {
    /// Deeper folders are skipped: no photo collection nests this deep, a link farm might.
    static let maximumDepth = 64

    /// The listing of `root` (absolute); `leavingOut` (absolute) is not entered.
    static func list(_ root: String, leavingOut: String? = nil) -> FolderListing {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { return FolderListing(problem: .missing) }
        guard isFolder.boolValue else { return FolderListing(problem: .notAFolder) }
        var listing = FolderListing(folders: [root])
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: root)
            walk(root, relative: "", names: names, depth: 1, leavingOut: leavingOut, into: &listing)
        } catch {
            return FolderListing(problem: .unreadable(reason(error)))
        }
        return listing
    }

    private static func walk(_ folder: String, relative: String, names: [String], depth: Int, leavingOut: String?,
                             into listing: inout FolderListing) {
        for name in names.sorted() {
            guard !name.hasPrefix(".") else {
                listing.hidden += 1
                continue
            }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let inner = relative.isEmpty ? name : relative + "/" + name
            guard path != leavingOut else { continue }
            switch kind(of: path) {
            case .file:
                listing.files.append(ListedFile(inner))
            case .folder where depth >= maximumDepth:
                listing.skipped.append(SkippedEntry(inner, reason: "more than \(maximumDepth) folders deep"))
            case .folder:
                do {
                    let names = try FileManager.default.contentsOfDirectory(atPath: path)
                    listing.folders.append(path)
                    walk(path, relative: inner, names: names, depth: depth + 1, leavingOut: leavingOut, into: &listing)
                } catch {
                    listing.skipped.append(SkippedEntry(inner, reason: reason(error)))
                }
            case let .skipped(why):
                listing.skipped.append(SkippedEntry(inner, reason: why))
            }
        }
    }

    private enum Kind {
        case file, folder, skipped(String)
    }

    private static func kind(of path: String) -> Kind {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        switch type {
        case .typeRegular?: return .file
        case .typeDirectory?: return .folder
        case .typeSymbolicLink?:
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .skipped("a broken symlink") }
            return isFolder.boolValue ? .skipped("a symlink to a folder, not followed") : .file
        default: return .skipped("not a regular file")
        }
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))) }
        return error.localizedDescription
    }
}
