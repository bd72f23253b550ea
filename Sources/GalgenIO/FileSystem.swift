import Foundation

/// Reading files, with errors that say what went wrong in plain words.
public enum FileSystem {
    public static func read(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError(path: path, reason: FileManager.default.fileExists(atPath: path)
                ? "permission denied" : "no such file")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.readToEnd() ?? Data())
        } catch {
            throw FileError(path: path, reason: "\(error.localizedDescription)")
        }
    }

    /// Every regular file directly inside `folder`, by name (dotfiles skipped).
    public static func readFolder(_ folder: String) throws -> [String: [UInt8]] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw FileError(path: folder, reason: "not a readable folder")
        }
        var files: [String: [UInt8]] = [:]
        for name in names where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[name] = try read(path)
        }
        return files
    }
}

public struct FileError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(reason) (\(path))" }
}
