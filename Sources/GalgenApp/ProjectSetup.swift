import Foundation
import GalgenCore
import GalgenSiteTemplate

/// `galgen init`: a starter gallery.yml, a copy of the built-in template and a photos/ folder.
public enum ProjectSetup {
    public static func run(in directory: String) -> ExitStatus {
        let folder = Paths.absolute(directory)
        let gallery = folder + "/gallery.yml"
        let templates = folder + "/site-template"
        for existing in [gallery, templates] where FileManager.default.fileExists(atPath: existing) {
            printError("error: \(existing) already exists; galgen init never overwrites files. Choose an empty folder.")
            return .cannotWrite
        }
        do {
            try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
            try Data(StarterGallery.text.utf8).write(to: URL(fileURLWithPath: gallery))
            for (name, bytes) in BuiltInTemplate.files {
                try Data(bytes).write(to: URL(fileURLWithPath: templates + "/" + name))
            }
        } catch {
            printError("error: cannot set up \(folder): \(error.localizedDescription)")
            return .cannotWrite
        }
        print("""
            Created \(gallery), \(templates)/ and \(folder)/photos/.
            Put JPEGs in photos/, list them in gallery.yml, then run: galgen build
            """)
        return .success
    }

    private static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

enum StarterGallery {
    static let text = """
        # galgen gallery: see the "gallery.yml reference" section of galgen's README.
        title: My photos
        description: A few favourites.

        # Uncomment to customise the page: a copy of the built-in template is in site-template/.
        # template: site-template

        thumbnails:
          widths: [400, 1600]   # rendition widths in pixels (never wider than the photo)
          quality: 82           # JPEG quality, 1-100

        # List photos as paths relative to this file, or as https:// URLs
        # (downloaded once into .galgen-cache/ and revalidated on later builds):
        images: []
        #  - src: photos/beach.jpg
        #    title: Beach
        #    caption: Low tide at dawn.
        #    alt: A wide sandy beach at low tide.
        #  - src: https://example.org/photos/dunes.jpg

        # Downloads (these are the defaults):
        # download:
        #   concurrency: 8      # downloads in flight
        #   per_host: 6         # at most this many to one host
        #   timeout: 30         # seconds
        #   max_bytes: 100000000

        """
}
