/// `viewer.originals`: each photo's own file, published beside its renditions (from a snapshot
/// that holds exactly the bytes that were checked, never read into memory) under a name
/// fingerprinted by its bytes.
///
/// What "original" means: the file exactly as it is, with all its metadata, so one that records
/// where it was taken (GPS coordinates in any of its metadata blocks) would publish that place.
/// Such a file is left out with a warning, and its page links no original, unless
/// `viewer.originals_with_location` says to publish it anyway; so is a file with a block galgen
/// cannot read completely (`LocationCheck.unreadable`): the check fails closed. galgen never edits an original to strip it: a stripped file is no
/// longer the original, and the renditions are already that.
enum Originals {
    struct Published {
        var files: [OutputFile] = []
        /// Source → the original's path in the site.
        var paths: [ImageSource: String] = [:]
        var warnings: [(ImageSource, String)] = []
        /// Photos whose file changed after it was checked, or could not be copied.
        var failures: [ImageFailure] = []
    }

    static func published(plan: BuildPlan, rendered: [ImageSource: KeyedImage], settings: ViewerSettings,
                          snapshot: (_ path: String, _ digest: String) throws -> OriginalSnapshot) -> Published {
        var result = Published()
        guard settings.originals else { return result }
        for planned in plan.sources {
            guard let keyed = rendered[planned.source], let stem = plan.layout.renditionStem(of: planned.source) else { continue }
            if !settings.originalsWithLocation, let reason = withheld(keyed.image.location) {
                result.warnings.append((planned.source, reason))
                continue
            }
            // Every photo galgen renders has a format; a record without one was rendered again.
            guard let format = keyed.image.sourceFormat else { continue }
            let copy: OriginalSnapshot
            do {
                copy = try snapshot(keyed.sourcePath, keyed.sourceDigest)
            } catch {
                result.failures.append(ImageFailure(source: planned.source.description, location: planned.location, reason: "\(error)"))
                continue
            }
            let path = OutputLayout.original(stem: stem, digest: keyed.sourceDigest, format: format)
            result.files.append(OutputFile(path: path, file: copy.path, digest: keyed.sourceDigest, byteCount: copy.byteCount))
            result.paths[planned.source] = path
        }
        return result
    }

    /// Why a photo's original is not published, in words for its warning; nil when it may be.
    static func withheld(_ location: LocationCheck?) -> String? {
        let anyway = "set viewer.originals_with_location: true in gallery.yml to publish it as it is"
        switch location {
        case .some(.none): return nil
        case .some(.found(let place)): return "records where it was taken (\(place)): its original is not published; \(anyway)"
        case .some(.unreadable(let why)):
            return "its original is not published: galgen could not check all of its metadata for where it was taken (\(why)); \(anyway)"
        case nil: return "its original is not published: galgen has not checked it for where it was taken; \(anyway)"
        }
    }
}
