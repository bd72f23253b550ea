import Foundation
import GalgenCore

/// Replaces the output folder with a complete new site, or leaves it untouched.
///
/// The site is written to a sibling temporary folder and swapped in with
/// renames, so an interrupted build never leaves a half-written site behind.
public struct SiteWriter: Sendable {
    /// Present in every folder galgen writes; a non-empty folder without it is not ours to replace.
    public static let markerName = ".galgen-site"

    public var output: String

    public init(output: String) {
        self.output = output
    }

    /// Where the next site is assembled: a fixed name beside the output, so
    /// leftovers of a killed build are cleared by the next one.
    public var staging: String {
        let parent = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        return (parent.isEmpty ? "." : parent) + "/.\(name).galgen-tmp"
    }

    public func write(_ files: [OutputFile]) throws {
        let manager = FileManager.default
        try checkOwnership()
        try? manager.removeItem(atPath: staging)
        do {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
            for file in files + [OutputFile(path: Self.markerName, text: "This folder is written by galgen; it is replaced on each build.\n")] {
                try writeFile(file, under: staging)
            }
            try swap(staging)
        } catch {
            try? manager.removeItem(atPath: staging)
            throw error
        }
    }

    private func writeFile(_ file: OutputFile, under root: String) throws {
        guard !file.path.hasPrefix("/"), !file.path.split(separator: "/").contains("..") else {
            throw FileError(path: file.path, reason: "refusing to write outside the output folder")
        }
        let path = root + "/" + file.path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(file.bytes)) else {
            throw FileError(path: path, reason: "cannot create the file (disk full or read-only?)")
        }
    }

    private func checkOwnership() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: output, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw FileError(path: output, reason: "the output path is a file, not a folder; choose another --output")
        }
        let contents = (try? manager.contentsOfDirectory(atPath: output)) ?? []
        guard contents.isEmpty || contents.contains(Self.markerName) else {
            throw FileError(path: output, reason: "the output folder is not empty and was not made by galgen; choose another --output or empty it")
        }
    }

    /// Old site out of the way, new site in, old site removed.
    private func swap(_ staging: String) throws {
        let manager = FileManager.default
        let retired = staging + ".old"
        try? manager.removeItem(atPath: retired)
        let hadSite = manager.fileExists(atPath: output)
        if hadSite { try manager.moveItem(atPath: output, toPath: retired) }
        do {
            try manager.moveItem(atPath: staging, toPath: output)
        } catch {
            if hadSite { try? manager.moveItem(atPath: retired, toPath: output) }
            throw error
        }
        try? manager.removeItem(atPath: retired)
    }
}
