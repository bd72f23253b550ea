import GalgenCore

extension AtomFeed {
    /// The feed as an Atom document (UTF-8 text): the same feed, the same bytes.
    public var xml: String {
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(FeedXML.escape(language))">"#,
            "  <id>\(FeedXML.escape(id))</id>",
            "  <title>\(FeedXML.escape(title))</title>",
        ]
        if let subtitle { lines.append("  <subtitle>\(FeedXML.escape(subtitle))</subtitle>") }
        lines += [
            "  <updated>\(FeedDate.rfc3339(updated))</updated>",
            "  <author><name>\(FeedXML.escape(author))</name></author>",
            #"  <link rel="self" type="application/atom+xml" href="\#(FeedXML.escape(selfURL))"/>"#,
            #"  <link rel="alternate" type="text/html" href="\#(FeedXML.escape(pageURL))"/>"#,
            generatorElement,
        ]
        lines += entries.flatMap(\.xmlLines)
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `<generator version="0.1.0">galgen</generator>` from "galgen 0.1.0".
    private var generatorElement: String {
        let parts = generator.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return "  <generator>\(FeedXML.escape(generator))</generator>" }
        return #"  <generator version="\#(FeedXML.escape(parts[1]))">\#(FeedXML.escape(parts[0]))</generator>"#
    }
}

extension AtomEntry {
    var xmlLines: [String] {
        var lines = [
            "  <entry>",
            "    <id>\(FeedXML.escape(id))</id>",
            "    <title>\(FeedXML.escape(title))</title>",
        ]
        if let date { lines.append("    <published>\(FeedDate.rfc3339(date))</published>") }
        lines.append("    <updated>\(FeedDate.rfc3339(updated))</updated>")
        lines.append(#"    <link rel="alternate" type="text/html" href="\#(FeedXML.escape(pageURL))"/>"#)
        for media in [image] + [video].compactMap({ $0 }) {
            lines.append(#"    <link rel="enclosure" type="\#(FeedXML.escape(media.type))" length="\#(media.length)" href="\#(FeedXML.escape(media.url))"/>"#)
        }
        if let summary { lines.append("    <summary>\(FeedXML.escape(summary))</summary>") }
        lines.append(#"    <content type="html">\#(FeedXML.escape(contentHTML))</content>"#)
        lines.append("  </entry>")
        return lines
    }

    /// The image linked to its page, then the caption and, for a video, what it is: HTML, each
    /// text escaped for HTML here and the whole escaped again for the XML around it.
    var contentHTML: String {
        let html = MarkupText.html
        var parts = [
            #"<p><a href="\#(html(pageURL))"><img src="\#(html(image.url))" width="\#(image.width)" height="\#(image.height)" alt="\#(html(alt))"></a></p>"#,
        ]
        if let summary { parts.append("<p>\(html(summary))</p>") }
        if let duration, video != nil { parts.append("<p>\(html(duration))</p>") }
        return parts.joined()
    }
}

/// Text for an XML document: the five markup characters as entities, and the characters XML 1.0
/// does not allow at all (C0 controls but tab, newline and return; U+FFFE, U+FFFF) left out, so
/// that a caption from a photo's metadata can never make the feed unreadable.
enum FeedXML {
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !isAllowed($0) }) else { return MarkupText.xml(text) }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter(isAllowed))
        return MarkupText.xml(String(kept))
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }
}
