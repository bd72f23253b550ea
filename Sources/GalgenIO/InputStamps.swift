import Foundation

/// What the stamp of a build's input covers: the one rule the no-op check (`LastBuildFile`)
/// and `galgen serve`'s watcher (`InputWatcher`) share, so an edit that makes one rebuild
/// makes the other rebuild too, and one that the build cannot see makes neither.
///
/// - A file (gallery.yml, a photo, a sidecar): its own stamp.
/// - A photo folder (a path ending in `/`): its listing (`FileStamp.listing`), which changes when
///   a file is added, removed or renamed in it; its photos and sidecars are inputs of their own.
/// - A template folder (any other folder): its listing, as `<folder>/`, and the stamp of each
///   entry directly in it. The site uses only the folder's own files and leaves dot files out
///   (`TemplateFolder.select`), so neither what is inside its subfolders nor a dot file
///   (an editor's swap file, `.DS_Store`) counts.
///
/// A missing input has no stamp (nil), which never matches one recorded.
public enum InputStamps {
    public static func of(_ input: String) -> [(path: String, stamp: FileStamp?)] {
        if input.hasSuffix("/") { return [(input, FileStamp.listing(of: input))] }
        var info = stat()
        guard stat(input, &info) == 0 else { return [(input, nil)] }
        guard FileSystem.kind(of: info) == .folder else { return [(input, FileStamp(info))] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return [(input + "/", FileStamp.listing(of: input + "/"))]
            + names.map { name in (input + "/" + name, FileStamp.of(input + "/" + name)) }
    }
}
