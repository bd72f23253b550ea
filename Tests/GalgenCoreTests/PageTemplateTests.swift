import GalgenSiteTemplate
import Mustache
import Testing
@testable import GalgenBuild
@testable import GalgenCore

/// galgen's own renderer (`PageTemplate`) against swift-mustache, the reference: the same bytes
/// for every page of every kind, with the built-in template and with templates that use every
/// construct swift-mustache parses.
struct PageTemplateTests {
    /// Every kind of page and view model: albums, tags, a paged overview, links, feeds, a zip,
    /// a video and a Live Photo, titles with characters to escape.
    static func pages() -> [PageViewModel] {
        var pages = PageKindTests().pages(paged: true) + ViewModelLookupTests().presentedPages()
        let marked = Fixture.image("m", title: "<b>\"T\" & 'x'</b>", caption: "a\u{301}\"\u{301}")
        pages += Fixture.present(Fixture.singleAlbum([marked, Fixture.image("e")], title: "G < \"&\"", description: "D's"))
        pages += Fixture.present(Gallery(title: "Empty")) + Fixture.present(Fixture.albums([]))
        let photoPages = pages.indices.filter { pages[$0].kind == .photo }
        for (turn, index) in photoPages.prefix(2).enumerated() {
            guard case var .photo(body) = pages[index].body else { continue }
            if turn == 0 {
                body.photo.video = VideoViewModel(poster: "p.jpg", width: 1920, height: 1080,
                                                  sources: [.init(type: "video/mp4; codecs=\"hvc1\"", src: "a.mp4"), .init(type: "video/mp4", src: "b.mp4")],
                                                  fallbackHref: "b.mp4", duration: "0:42", durationISO: "PT42S", label: "Video, 0:42")
                body.photo.isVideo = true
                body.photo.videoFacts = "H.264 · 1080p"
            } else {
                body.photo.live = LiveViewModel(src: "m.mp4", type: "video/mp4", width: 640, height: 480)
            }
            pages[index].body = .photo(body)
        }
        return SiteRenderer.linkAssets(pages, template: BuiltInTemplate.template)
    }

    /// Each page as swift-mustache renders it: on its own, and through one memo shared by all
    /// the pages in turn, twice (the second time, every repeated section is in the memo).
    func expectSameAsSwiftMustache(_ template: SiteTemplate, pages: [PageViewModel]) throws {
        let compiled = try CompiledTemplate(template)
        let fast = try #require(compiled.pages, "the template renders with galgen's renderer")
        let memo = SectionMemo()
        for turn in 0..<2 {
            for page in pages {
                let name = compiled.templateName(for: page.kind)
                let reference = compiled.library.render(page, withTemplate: name)
                #expect(fast.render(page, template: name) == reference, "\(page.path) (\(name))")
                #expect(fast.render(page, template: name, memo: memo) == reference, "\(page.path) (\(name)) with the memo, turn \(turn)")
            }
        }
        #expect(!memo.entries.isEmpty, "segments were kept")
    }

    /// A segment's text is reused only where what it read from the page is the same: another
    /// gallery title, language or kind of segment renders it again; a section that reads a scope
    /// of the page (`{{#labels}}`) is never kept.
    @Test(arguments: ["{{#segments}}<{{title}}|{{galleryTitle}}|{{labels.live}}|{{#useThumbnailSegments}}T{{/useThumbnailSegments}}>{{/segments}}",
                      "{{#segments}}{{#labels}}{{live}}{{/labels}}{{title}}{{/segments}}", "{{#segments}}{{title}}{{nope}}{{/segments}}"])
    func aRememberedSegmentIsRenderedAgainWhereThePageDiffers(_ text: String) throws {
        let templates = Dictionary(uniqueKeysWithValues: PageKind.requiredTemplates.map { ($0, text) })
        let compiled = try CompiledTemplate(SiteTemplate(templates: templates, assets: [:]))
        let fast = try #require(compiled.pages)
        let photo = try #require(Self.pages().first { page in
            if case let .photo(body) = page.body { !body.segments.isEmpty } else { false }
        })
        var variants = [photo]
        var retitled = photo
        retitled.frame.galleryTitle += " again"
        variants.append(retitled)
        var french = photo
        french.frame.labels = Labels(SiteLanguage(tag: "fr", overrides: ["live": "En direct"]))
        variants.append(french)
        var plain = photo
        plain.frame.useThumbnailSegments.toggle()
        variants.append(plain)
        let memo = SectionMemo()
        for page in variants + variants.reversed() {
            let name = compiled.templateName(for: page.kind)
            #expect(fast.render(page, template: name, memo: memo) == compiled.library.render(page, withTemplate: name))
        }
        // Kept unless it read a scope of the page.
        #expect(memo.entries.isEmpty == text.contains("{{#labels}}"))
        // The first template shows each difference: the memo must tell them apart.
        let texts = Set(variants.map { compiled.library.render($0, withTemplate: compiled.templateName(for: $0.kind)) })
        #expect(texts.count == (text.contains("galleryTitle") ? variants.count : texts.count))
    }

    @Test func builtInTemplateRendersEveryPageAsSwiftMustacheDoes() throws {
        let pages = Self.pages()
        #expect(Set(pages.map(\.kind)) == Set(PageKind.allCases))
        try expectSameAsSwiftMustache(BuiltInTemplate.template, pages: pages)
    }

    /// Standalone lines, comments, indented partials (nested), CRLF, dotted and anchored names,
    /// `.`, sections over text, numbers, flags, lists and missing names, inverted sections over
    /// an empty list, unescaped variables, content types, a partial that is missing.
    static let constructs = """
        {{! a comment alone on its line }}
          {{#segments}}
          <li>{{title}} {{galleryTitle}} [{{.title}}|{{.galleryTitle}}] {{ href }}</li>
          {{/segments}}
        {{^feeds}}no feeds {{.}} {{title}}{{/feeds}}\r
        {{#photo}}{{#title}}[{{.}}]{{/title}}{{labels.live}} {{width}}{{#width}}<{{.}}>{{/width}}{{/photo}}
        {{&title}} {{{title}}} {{title}} {{documentTitle}}
        {{#hasImages}}yes{{/hasImages}}{{^hasImages}}no{{/hasImages}} {{hasImages}} {{#slideshowSeconds}}{{.}}s{{/slideshowSeconds}}
          {{> part}}
        \t{{> part}} trailing
        {{#photo.title}}({{.}}){{/photo.title}} {{photo.nope}} {{nope.title}} {{labels.nope}} {{labels.rtl}} {{labels.language}} {{template}}
        {{#photo}}{{#download}}{{label}} {{title}}{{/download}}{{/photo}}{{^nope}}none{{/nope}}{{^photo.nope}}none{{/photo.nope}}
        {{> missing}}
        {{#rows}}{{#tiles}}{{href}},{{/tiles}}{{/rows}}{{#albums}}<{{title}}:{{href}}>{{/albums}}
        {{=<% %>=}}
        <% title %> {{title}}
        <%={{ }}=%>
        {{% CONTENT_TYPE: TEXT}}
        {{title}} {{#segments}}{{title}}{{/segments}}

        """
    static let part = """
        line {{title}}\r
        {{#segments}}
          - {{href}}
            {{> inner}}
        {{/segments}}
        end {{#photo}}{{title}}{{/photo}}

        """

    @Test func everyConstructRendersAsSwiftMustacheDoes() throws {
        let templates = Dictionary(uniqueKeysWithValues: PageKind.requiredTemplates.map { ($0, Self.constructs) })
            .merging(["part": Self.part, "inner": "<{{title}}>\n{{#isSelected}}  here\n{{/isSelected}}"]) { $1 }
        try expectSameAsSwiftMustache(SiteTemplate(templates: templates, assets: [:]), pages: Self.pages())
    }

    /// Transforms and inheritance are swift-mustache's alone: such a template is rendered by it.
    @Test(arguments: ["{{#segments}}{{index()}}:{{title}} {{/segments}}{{uppercased(title)}}",
                      "{{<frame}}{{$body}}B{{/body}}{{/frame}}", "X{{>*galleryTitle}}"])
    func templatesGalgenDoesNotRenderAreRenderedBySwiftMustache(_ text: String) throws {
        let templates = Dictionary(uniqueKeysWithValues: PageKind.requiredTemplates.map { ($0, text) })
            .merging(["frame": "[{{$body}}default{{/body}}]", "photo": "P"]) { $1 }
        let compiled = try CompiledTemplate(SiteTemplate(templates: templates, assets: [:]))
        #expect(compiled.pages == nil)
        for page in Self.pages().prefix(8) {
            #expect(compiled.render(page) == compiled.library.render(page, withTemplate: compiled.templateName(for: page.kind)))
            #expect(compiled.render(page) != "")
        }
    }

    /// The memo tells repeated values apart where they lie (`isSameRepeated`): a segment is the
    /// same only as an equal segment, never as another kind of scope, and other scopes are never kept.
    @Test func aRepeatedScopeIsTheSameOnlyAsAnEqualValueOfItsKind() throws {
        let segments = Self.pages().compactMap(\.photoPage).flatMap(\.segments)
        let segment = try #require(segments.first)
        var other = segment
        other.isSelected.toggle()
        var retitled = segment
        retitled.title += " "
        #expect(segment.memoKey == segment.repeatKey && other.memoKey != segment.memoKey)
        #expect(segment.isSameRepeated(as: segment) && segment.isSameRepeated(as: segments[0]))
        #expect(!segment.isSameRepeated(as: other) && !segment.isSameRepeated(as: retitled))
        let page = try #require(Self.pages().first)
        #expect(page.memoKey == nil && !segment.isSameRepeated(as: page) && !page.isSameRepeated(as: segment))
    }
}
