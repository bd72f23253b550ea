/// The names in the folders that hold a gallery's single photos, listed once per folder, so that
/// looking for a photo's sidecar (`Sidecar.candidates`: six names) asks the file system only
/// about names that are there. Names are compared folded (NFC, lower case), so a file system
/// that ignores case or normalisation (macOS) still finds what it would find by name; the file
/// system has the last word (`BuildEffects.pathKind`).
package struct SidecarNames {
    private let list: @Sendable (String) -> [String]?
    /// Folded names by folder.
    private var folders: [String: Set<String>] = [:]
    /// Folders that could not be listed: every name may be there.
    private var unlisted: Set<String> = []

    package init(list: @escaping @Sendable (String) -> [String]?) {
        self.list = list
    }

    /// Whether `name` may be in `folder` (which ends in "/"): false only when its listing lacks it.
    package mutating func mayHold(_ name: String, in folder: String) -> Bool {
        if unlisted.contains(folder) { return true }
        if folders[folder] == nil {
            guard let names = list(folder) else {
                unlisted.insert(folder)
                return true
            }
            folders[folder] = Set(names.map(Self.folded))
        }
        return folders[folder]!.contains(Self.folded(name))
    }

    static func folded(_ name: String) -> String { name.nfc.lowercased() }
}
