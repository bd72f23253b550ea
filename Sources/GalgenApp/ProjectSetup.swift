import Foundation
import GalgenBuild
import GalgenCore
import GalgenIO
import GalgenSiteTemplate

/// `galgen init`: a starter gallery.yml and a copy of the built-in template; without --from also
/// an empty photos/ folder, with --from a gallery.yml for that folder's photos.
public enum ProjectSetup {
    /// Sets up `directory` (created if missing); `from` is a folder of photos, `~/…` taken from
    /// `home`. Never overwrites: gallery.yml or site-template/ already there is an error.
    public static func run(in directory: String, from source: String? = nil, home: String? = Paths.home) -> ExitStatus {
        do {
            try setUp(in: directory, from: source, home: home)
            return .success
        } catch {
            FileHandle.standardError.write(Data(("error: " + error.message + "\n").utf8))
            return error.status
        }
    }

    private static func setUp(in directory: String, from source: String?, home: String?) throws(SetupProblem) {
        let folder = Paths.absolute(directory)
        let gallery = folder + "/gallery.yml", templates = folder + "/site-template"
        for existing in [gallery, templates] where FileManager.default.fileExists(atPath: existing) {
            throw .exists(existing)
        }
        let shownDirectory = Self.trimmed(directory)
        guard let source else {
            try write(StarterGallery.text, in: folder, photosFolder: true)
            print("""
                Created \(gallery), \(templates)/ and \(folder)/photos/.
                Put your photos in \(shownDirectory == "." ? "" : shownDirectory + "/")photos/, then run: \(nextStep(shownDirectory))
                """)
            return
        }
        let photos = Paths.absolute(expandingTilde(source, home: home))
        let written = Self.trimmed(source)
        // `.` or `..` say less than the path itself.
        let shownFolder = [".", ".."].contains(written.split(separator: "/").last ?? "") ? photos : written
        // The build's own walk, so the counts are the build's: symlinks followed only within
        // these folders, sites galgen built (a later build's _site/ in the folder) left out.
        let listing = FolderWalker.list(photos, maxDepth: nil, trusted: [folder, photos])
        switch listing.problem {
        case .missing?: throw .folderMissing(shownFolder)
        case .notAFolder?: throw .notAFolder(shownFolder)
        case let .unreadable(reason)?: throw .folderUnreadable(shownFolder, reason: reason)
        case nil: break
        }
        let survey = PhotoSurvey(listing)
        let starter = try FolderStarter.decide(folder: photos, directory: folder, survey: survey, shown: shownFolder).get()
        try write(StarterGallery.text(for: starter, found: survey), in: folder, photosFolder: false)
        print(summary(survey, folder: shownFolder, directory: shownDirectory))
    }

    /// What `galgen init --from` found and wrote, and what to do next.
    static func summary(_ survey: PhotoSurvey, folder: String, directory: String) -> String {
        let photos = survey.itemsText
        let place = survey.foldersWithItems > 1 || survey.isAlbums
            ? "in \(survey.foldersWithItems) \(survey.foldersWithItems == 1 ? "folder" : "folders") under \(folder)"
            : "in \(folder)"
        let skipped = survey.leftOut.map { " (skipped \($0))" } ?? ""
        var lines = ["Found \(photos) \(place)\(skipped)."]
        if let pairs = survey.pairsText { lines.append(pairs.prefix(1).uppercased() + pairs.dropFirst() + ".") }
        if survey.isAlbums {
            lines.append(survey.foldersWithItems == 1 ? "The folder becomes an album." : "Each folder becomes an album.")
        }
        lines.append("Wrote \(directory)/gallery.yml and \(directory)/site-template/.")
        lines.append("Next: \(nextStep(directory))")
        return lines.joined(separator: "\n")
    }

    /// The command that builds the gallery in `directory` (as the user wrote it).
    static func nextStep(_ directory: String) -> String {
        directory == "." ? "galgen build" : "galgen build --config " + shellQuoted(directory + "/gallery.yml")
    }

    /// A path as the user wrote it, without a trailing `/`.
    static func trimmed(_ written: String) -> String {
        var text = written.isEmpty ? "." : written
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        return text
    }

    static func expandingTilde(_ path: String, home: String?) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+,=:@%".unicodeScalars.contains($0))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func write(_ text: String, in folder: String, photosFolder: Bool) throws(SetupProblem) {
        let templates = folder + "/site-template"
        do {
            try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
            if photosFolder {
                try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/gallery.yml"), options: .withoutOverwriting)
            for (name, bytes) in BuiltInTemplate.files {
                try Data(bytes).write(to: URL(fileURLWithPath: templates + "/" + name), options: .withoutOverwriting)
            }
        } catch {
            throw .cannotWrite(folder, reason: error.localizedDescription)
        }
    }
}
