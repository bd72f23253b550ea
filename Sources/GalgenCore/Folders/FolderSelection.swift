/// Which files of a folder listing an entry brings in, and why it leaves the others out: pure,
/// so the same listing always gives the same photos in the same order.
struct FolderSelection: Equatable, Sendable {
    /// The photos, in natural order of their paths relative to the entry's folder.
    var photos: [ListedFile]
    /// What was left out, by reason.
    var skipped: [FolderReport.Skipped]

    /// The files of `listing` that match `pattern` (all when nil) and no `exclude` pattern, and
    /// are photos galgen reads; the rest tallied by reason. Sidecars of the chosen photos are
    /// neither photos nor skipped.
    init(_ listing: FolderListing, pattern: GlobPattern?, exclude: [GlobPattern]) {
        var chosen: [ListedFile] = []
        var left: [(FolderReport.Reason, String)] = []
        var others: [String] = []
        for file in listing.files {
            if let pattern, !pattern.matches(file.relative) { continue }
            if exclude.contains(where: { $0.excludes(file.relative) }) {
                left.append((.excluded, file.relative))
                continue
            }
            switch FileKind(fileName: Self.name(of: file.relative)) {
            case .media: chosen.append(file)
            case let .unsupported(format): left.append((.unsupported(format: format), file.relative))
            case .other: others.append(file.relative)
            }
        }
        let sidecars = Self.sidecarNames(of: chosen)
        for other in others where !sidecars.contains(other) { left.append((.notAnImage, other)) }
        left += listing.skipped.map { (.walk($0.reason), $0.relative) }
        photos = NaturalOrder.sorted(chosen) { $0.relative }
        skipped = FolderReport.tally(left, hidden: listing.hidden)
    }

    static func name(of relative: String) -> String {
        relative.split(separator: "/").last.map(String.init) ?? relative
    }

    /// Every name a sidecar of one of these photos could have, relative to the same folder.
    static func sidecarNames(of photos: [ListedFile]) -> Set<String> {
        var names = Set<String>()
        for photo in photos {
            let folder = photo.relative.split(separator: "/").dropLast().joined(separator: "/")
            for candidate in Sidecar.candidates(for: name(of: photo.relative)) {
                names.insert(folder.isEmpty ? candidate : folder + "/" + candidate)
            }
        }
        return names
    }

    /// What an entry that brought in nothing did find, for its message: " (it is empty)",
    /// " (found 12 TIFF files, which galgen cannot read yet, and 3 files that are not images)".
    static func found(_ skipped: [FolderReport.Skipped]) -> String {
        guard !skipped.isEmpty else { return " (it is empty)" }
        let parts = skipped.map { entry in Self.counted(entry.reason, entry.count) }
        return " (found " + Self.list(parts) + ")"
    }

    /// "1 file that is not an image", "12 TIFF files, which galgen cannot read yet".
    private static func counted(_ reason: FolderReport.Reason, _ count: Int) -> String {
        let files = count == 1 ? "file" : "files"
        switch reason {
        case .hidden: return "\(count) hidden \(files)"
        case .excluded: return "\(count) \(files) left out by 'exclude'"
        case .notAnImage: return count == 1 ? "1 file that is not an image" : "\(count) files that are not images"
        case let .unsupported(format): return "\(count) \(format) \(files), which galgen cannot read yet"
        case let .walk(reason): return "\(count) skipped as \(reason)"
        }
    }

    static func list(_ parts: [String]) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
    }
}
