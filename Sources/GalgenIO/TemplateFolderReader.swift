import Foundation
import GalgenBuild
import GalgenCore

/// Reads a template folder: looks at each entry where its symlinks lead, lets
/// `TemplateFolder.select` decide what the site uses, and reads only those files.
public enum TemplateFolderReader {
    /// The files of `folder` the site uses, by name, and what was used and skipped.
    public static func read(_ folder: String) throws -> (files: [String: [UInt8]], selection: TemplateSelection) {
        guard let root = realPath(folder) else { throw FileError(path: folder, reason: folderReason(errno)) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root)
        } catch {
            throw FileError(path: folder, reason: "not a readable folder")
        }
        var found: [String: Found] = [:]
        for name in names { found[name] = look(at: name, in: root) }
        let selection = TemplateFolder.select(found.map { TemplateEntry(name: $0.key, kind: $0.value.kind) })
        var files: [String: [UInt8]] = [:]
        for name in selection.used {
            guard let file = found[name], let real = file.real else { continue }
            // The very file looked at (so not one a symlink was turned to since), as a regular file.
            files[name] = try FileSystem.read(real, limit: .templateFile, sameFileAs: file.stamp)
        }
        return (files, selection)
    }

    /// One entry: what it is, and for a regular file inside the folder, its real path and stamp.
    struct Found {
        var kind: TemplateEntry.Kind
        var real: String? = nil
        var stamp: FileStamp? = nil
    }

    static func look(at name: String, in root: String) -> Found {
        let path = root + "/" + name
        guard let real = realPath(path) else {
            let code = errno
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                return Found(kind: .unreadable("a symlink to \(target), which \(code == ELOOP ? "loops" : "leads nowhere")"))
            }
            return Found(kind: .unreadable(FileSystem.reason(code)))
        }
        guard real.hasPrefix(root == "/" ? "/" : root + "/") else { return Found(kind: .outside(target: real)) }
        var info = stat()
        guard stat(real, &info) == 0 else { return Found(kind: .unreadable(FileSystem.reason(errno))) }
        switch FileSystem.kind(of: info) {
        case .regular: return Found(kind: .file, real: real, stamp: FileStamp(info))
        case .folder: return Found(kind: .folder)
        case let kind?: return Found(kind: .special(kind.rawValue))
        case nil: return Found(kind: .special("an unknown kind of file"))
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func folderReason(_ code: Int32) -> String {
        code == ENOENT ? "no such folder" : FileSystem.reason(code)
    }
}
