import GalgenCore

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
///
/// A video's file is never read completely (its place may be in an XMP `uuid` box, a track's
/// tags, a maker's atom that ffprobe does not show), so its original is withheld like such a
/// photo's, unless `originals_with_location` says to publish it as it is; its MP4s carry no place.
///
/// The merge of shards (`recheck`) takes each photo's verdict from a shard's record, which it did
/// not make: it checks the snapshot it is about to publish again (`locate`), and that verdict wins.
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
                          snapshot: (_ path: String, _ digest: String) throws -> OriginalSnapshot,
                          recheck: Bool = false, locate: (_ path: String) -> LocationCheck? = { _ in nil }) -> Published {
        var result = Published()
        guard settings.originals else { return result }
        for planned in plan.sources {
            guard let keyed = rendered[planned.source], let stem = plan.layout.renditionStem(of: planned.source) else { continue }
            let location = keyed.image.kind == .video ? .unreadable(Self.videoMetadata) : keyed.image.location
            if !settings.originalsWithLocation, let reason = withheld(location) {
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
            if recheck, !settings.originalsWithLocation, let reason = withheld(locate(copy.path) ?? .unreadable(Self.notRechecked)) {
                result.warnings.append((planned.source, reason))
                continue
            }
            let path = OutputLayout.original(stem: stem, digest: keyed.sourceDigest, format: format)
            result.files.append(OutputFile(path: path, file: copy.path, digest: keyed.sourceDigest, byteCount: copy.byteCount))
            result.paths[planned.source] = path
        }
        return result
    }

    /// What galgen cannot read completely in any video file.
    static let videoMetadata = "a video's file may record it where galgen does not read (XMP boxes, track tags)"
    /// Why a merge withholds an original whose snapshot it could not check again.
    static let notRechecked = "the merge could not read its copy to check it again"

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
