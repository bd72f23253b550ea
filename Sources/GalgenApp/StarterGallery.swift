import GalgenCore

/// The gallery.yml that `galgen init` writes: pure text, the choices explained in comments.
enum StarterGallery {
    /// Without --from: every photo put in photos/, by date.
    static var text: String {
        header + """
            title: My photos
            description: A few favourites.

            """ + template + thumbnails + order + places + words + """
            # Every photo (JPEG, HEIC, AVIF, WebP, PNG, JPEG XL) and video in photos/ and its subfolders. Single
            # photos can be listed too, with words of their own, and https:// URLs (downloaded
            # once into .galgen-cache/ and revalidated on later builds); a photo may be brought
            # in only once, so list single photos from outside photos/.
            images:
              - src: photos/
            \(excludeExample("    "))
            #  - src: more/beach.jpg
            #    title: Beach
            #    caption: Low tide at dawn.
            #    alt: A wide sandy beach at low tide.
            #  - src: https://example.org/photos/dunes.jpg

            """ + download
    }

    /// With --from: the folder, as one album or as an album per folder, and what was found in it.
    static func text(for starter: FolderStarter, found: PhotoSurvey) -> String {
        let source = YAMLText.scalar(starter.source)
        return header + """
            title: \(YAMLText.scalar(starter.title))
            # description: Shown under the title.

            """ + template + thumbnails + order + places + words + photos(starter, source: source, found: found) + download
    }

    /// The comment lines (each starting `# `, wrapped before 100 columns) of what --from found.
    static func foundComment(_ found: PhotoSurvey, in source: String) -> String {
        var text = "When this file was written, \(source) held \(found.itemsWhere)"
        if let pairs = found.pairsText { text += "; " + pairs }
        return wrapped(text + ".")
    }

    /// `text` as comment lines of at most 96 characters.
    static func wrapped(_ text: String) -> String {
        var lines: [String] = [], line = "#"
        for word in text.split(separator: " ") {
            if line.count + 1 + word.count > 96, line != "#" {
                lines.append(line)
                line = "#"
            }
            line += " " + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    private static func photos(_ starter: FolderStarter, source: String, found: PhotoSurvey) -> String {
        let kinds = "photo (\(ImageFormat.supportedList)) and video (\(ImageFormat.videoList))"
        switch starter.layout {
        case .albums:
            return """
                # Every folder under \(source) that holds photos or videos is an album, named after the folder.
                \(foundComment(found, in: source))
                # To leave photos out, write instead:
                # albums:
                #   - folders: \(source)
                #     exclude: ["drafts/**", "*-edit.jpg"]
                albums: \(source)

                """
        case .images:
            return """
                \(wrapped("Every \(kinds) in \(source) and its subfolders, by the order below."))
                \(foundComment(found, in: source))
                images:
                  - src: \(source)
                \(excludeExample("    "))

                """
        }
    }

    private static func excludeExample(_ indent: String) -> String {
        "\(indent)# exclude: [\"drafts/**\", \"*-edit.jpg\"]   # leave photos out: a folder, or names at any depth"
    }

    private static let header = """
        # galgen gallery: every key is described in galgen's docs/gallery-yml.md.

        """

    private static let template = """

        # Uncomment to customise the page: a copy of the built-in template is in site-template/.
        # template: site-template

        """

    private static let thumbnails = """

        thumbnails:
          widths: [320, 640, 1080, 1920] # rendition widths in pixels (never wider than the photo)
          quality: 82                    # JPEG quality, 1-100 (AVIF and WebP get the setting of the same SSIM)
          formats: [avif, jpeg]          # any of avif, webp, jpeg, jxl; browsers take the first they can show

        """

    private static let order = """

        # The order of the photos: date (when each was taken: its EXIF date, else a date in its
        # file name such as IMG_20240612_153012.jpg, else the file's time), name (by file name,
        # IMG_2 before IMG_10) or manual (as listed below; a folder's photos by name).
        sort: date
        # reverse: true         # newest (or last) first

        """

    private static let places = """

        # Uncomment to name where photos were taken (from their GPS, offline): a place name per
        # photo, a page per place and a map. Never a coordinate; photos in a hide_near circle
        # (lat, lon, km: home, a friend's) get no place. Nothing about places is published otherwise.
        # places:
        #   level: city         # city, region or country
        #   hide_near: [[52.37, 4.89, 1]]

        """

    private static let words = """

        # A photo's title, caption and alt text can come from a sidecar file beside it:
        # IMG_1.jpg.txt (or IMG_1.txt) holds its caption; IMG_1.jpg.yml (or IMG_1.yml) holds
        # 'title:', 'caption:' and 'alt:' lines. Otherwise galgen uses the words saved in the
        # photo (XMP, IPTC, EXIF) and its file name.


        """

    private static let download = """

        # Downloads (these are the defaults):
        # download:
        #   concurrency: 8      # downloads in flight
        #   per_host: 6         # at most this many to one host
        #   timeout: 30         # seconds
        #   max_bytes: 100000000

        """
}
