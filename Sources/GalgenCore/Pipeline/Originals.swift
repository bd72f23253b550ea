/// `viewer.originals`: each photo's own file, published beside its renditions (linked or copied
/// from where it is, never read into memory) under a name fingerprinted by its bytes.
///
/// What "original" means: the file exactly as it is, with all its metadata, so one that records
/// where it was taken (GPS in EXIF or XMP) would publish that place. Such a file is left out
/// with a warning, and its page links no original, unless `viewer.originals_with_location` says
/// to publish it anyway. galgen never edits an original to strip it: a stripped file is no
/// longer the original, and the renditions are already that.
enum Originals {
    struct Published {
        var files: [OutputFile] = []
        /// Source → the original's path in the site.
        var paths: [ImageSource: String] = [:]
        var warnings: [(ImageSource, String)] = []
    }

    static func published(plan: BuildPlan, rendered: [ImageSource: KeyedImage], settings: ViewerSettings,
                          fileSize: (String) -> Int?) -> Published {
        var result = Published()
        guard settings.originals else { return result }
        for planned in plan.sources {
            guard let keyed = rendered[planned.source], let stem = plan.layout.renditionStem(of: planned.source) else { continue }
            guard keyed.image.hasLocation == false || settings.originalsWithLocation else {
                result.warnings.append((planned.source, "records where it was taken (GPS): its original is not published; "
                    + "set viewer.originals_with_location: true in gallery.yml to publish it as it is"))
                continue
            }
            guard let size = fileSize(keyed.sourcePath) else { continue }
            let path = OutputLayout.original(stem: stem, digest: keyed.sourceDigest, fileName: planned.source.fileName)
            result.files.append(OutputFile(path: path, file: keyed.sourcePath, digest: keyed.sourceDigest, byteCount: size))
            result.paths[planned.source] = path
        }
        return result
    }
}
