import GalgenCore

/// A site output that refuses any file that would publish part of a private album in the clear
/// (`PrivateLeakCheck`): the build stops, nothing is put in place, the previous site stays.
extension SiteOutput {
    func guarded(by check: PrivateLeakCheck, read: @escaping @Sendable (String) -> [UInt8]?) -> SiteOutput {
        let add = add
        return SiteOutput(add: { files in
            for file in files {
                if let what = check.leak(in: file, read: read) { throw PrivateLeak(path: file.path, what: what) }
            }
            try add(files)
        }, finish: finish, cancel: cancel, unlisted: unlisted)
    }
}

struct PrivateLeak: Error, CustomStringConvertible {
    /// A file that changed while it was sealed (its size is not the one it had): the build stops
    /// rather than publish a sealed file whose manifest entry is wrong.
    struct Changed: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path) changed while galgen sealed it; build again" }
    }

    var path: String
    var what: String

    var description: String {
        "\(what) would be published in the clear in \(path). galgen stopped before writing anything; this is a fault in "
            + "galgen or in the site template: please report it (without the album's words)"
    }
}
