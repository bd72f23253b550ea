import GalgenCore
import Mustache

/// A site template's files as `TemplateNode`s, rendered over galgen's own view models
/// (`TemplateScope`) with swift-mustache's semantics, byte for byte.
///
/// swift-mustache looks every name up through dynamic casts (`as? MustacheParent`, lambdas,
/// custom representations, on every value down the stack). A site written from scratch (a merge
/// of shards, a new template) spent 60 % of its time there, about 1.3 ms a photo page. Here a
/// lookup is a dictionary read per scope and a `switch`.
struct PageTemplate: Sendable {
    let templates: [String: [TemplateNode]]

    /// Every template of `library` under `names`; nil when one of them uses something only
    /// swift-mustache renders (`SwiftMustacheTokens`).
    init?(_ library: MustacheLibrary, names: some Sequence<String>) {
        var templates: [String: [TemplateNode]] = [:]
        for name in names {
            guard let template = library.getTemplate(named: name), let nodes = SwiftMustacheTokens.nodes(of: template) else { return nil }
            templates[name] = nodes
        }
        self.templates = templates
    }

    /// `root` through the template `name`; nil when there is no such template. With `memo`, a
    /// section over a `RepeatedScope` reuses what an earlier page rendered of it when that is
    /// still what it would render (`SectionMemo`).
    func render(_ root: any TemplateScope, template name: String, memo: SectionMemo? = nil) -> String? {
        guard let nodes = templates[name] else { return nil }
        var run = Run(templates: templates, stack: [.scope(root)], memo: memo)
        run.output.reserveCapacity(Self.expectedPageSize)
        run.render(nodes, contentType: Self.defaultContentType, indentation: nil)
        return run.output
    }

    /// Room made for a page's text at the start (the built-in template's photo page is 8 to
    /// 9 KB), so it is not copied each time it outgrows its storage.
    static let expectedPageSize = 16 * 1024

    /// A partial starts with swift-mustache's default, HTML; every template galgen compiles
    /// starts with its escaping pragma, so no variable is ever escaped with this.
    static let defaultContentType: any MustacheContentType = ScalarHTMLContentType()

    /// One page's rendering: the stack of values names are looked up in, and the text so far.
    private struct Run {
        let templates: [String: [TemplateNode]]
        var stack: [TemplateData]
        let memo: SectionMemo?
        var output = ""
        /// Set while a section over a repeated item is rendered for the memo.
        var recording: SectionRecording?

        /// swift-mustache's `MustacheTemplate.render(context:)`: inside an indented partial, a
        /// node's non-empty text that starts a line of this template's text gets the indentation first.
        mutating func render(_ nodes: [TemplateNode], contentType: any MustacheContentType, indentation: String?) {
            var contentType = contentType
            guard let indentation, !indentation.isEmpty else {
                for node in nodes { render(node, contentType: &contentType, indentation: indentation) }
                return
            }
            let before = output
            var text = ""
            for node in nodes {
                output = ""
                render(node, contentType: &contentType, indentation: indentation)
                if !output.isEmpty, text.last == "\n" { text += indentation }
                text += output
            }
            output = before + text
        }

        private mutating func render(_ node: TemplateNode, contentType: inout any MustacheContentType, indentation: String?) {
            switch node {
            case let .text(text):
                output += text
            case let .variable(name, escaped):
                guard let value = lookUp(name) else { return }
                output += escaped ? contentType.escapeText(value.printed) : value.printed
            case let .section(name, inverted, body, id):
                let value = lookUp(name)
                if inverted {
                    renderInverted(body, value: value, contentType: contentType, indentation: indentation)
                } else {
                    renderSection(body, id: id, value: value, contentType: contentType, indentation: indentation)
                }
            case let .partial(name, indented):
                guard let partial = templates[name] else { return }
                let indentation = indented.map { (indentation ?? "") + $0 } ?? indentation
                render(partial, contentType: PageTemplate.defaultContentType, indentation: indentation)
            case let .contentType(type):
                contentType = type
            }
        }

        private mutating func renderSection(_ body: [TemplateNode], id: Int, value: TemplateData?, contentType: any MustacheContentType,
                                            indentation: String?) {
            switch value {
            case nil, .flag(false):
                return
            case .flag(true):
                render(body, contentType: contentType, indentation: indentation)
            case let .list(items):
                for item in items {
                    if let memo, recording == nil, let repeatKey = item.memoKey {
                        renderRemembered(body, item: item, key: SectionMemo.Key(section: id, item: repeatKey), memo: memo,
                                         contentType: contentType, indentation: indentation)
                    } else {
                        rendering(body, inside: .scope(item), contentType: contentType, indentation: indentation)
                    }
                }
            case let .some(value):
                rendering(body, inside: value, contentType: contentType, indentation: indentation)
            }
        }

        private mutating func renderInverted(_ body: [TemplateNode], value: TemplateData?, contentType: any MustacheContentType, indentation: String?) {
            switch value {
            case nil, .flag(false):
                render(body, contentType: contentType, indentation: indentation)
            case let .list(items) where items.isEmpty:
                rendering(body, inside: .list(items), contentType: contentType, indentation: indentation)
            default:
                return
            }
        }

        private mutating func rendering(_ body: [TemplateNode], inside value: TemplateData, contentType: any MustacheContentType, indentation: String?) {
            stack.append(value)
            render(body, contentType: contentType, indentation: indentation)
            stack.removeLast()
        }

        /// A section over a repeated item: the memo's text when every name it read below the item
        /// has the same value here; otherwise rendered, and kept when it read only text, numbers
        /// and flags below the item.
        private mutating func renderRemembered(_ body: [TemplateNode], item: any TemplateScope, key: SectionMemo.Key, memo: SectionMemo,
                                               contentType: any MustacheContentType, indentation: String?) {
            let contentTypeID = ObjectIdentifier(type(of: contentType))
            if let entry = memo.entries[key], entry.contentType == contentTypeID, entry.indentation == indentation,
               item.isSameRepeated(as: entry.item),
               entry.outer.allSatisfy({ TemplateData.same(find($0.name).value, $0.value) }) {
                output += entry.text
                return
            }
            let start = output.utf8.count
            recording = SectionRecording(depth: stack.count)
            rendering(body, inside: .scope(item), contentType: contentType, indentation: indentation)
            let recorded = recording
            recording = nil
            guard let recorded, recorded.keepable, memo.entries.count < SectionMemo.limit else { return }
            let text = String(output[output.utf8.index(output.utf8.startIndex, offsetBy: start)...])
            memo.entries[key] = SectionMemo.Entry(item: item, outer: recorded.outer, contentType: contentTypeID, indentation: indentation, text: text)
        }

        /// `find`, noted by the recording of a repeated item's section, if one is being made.
        private mutating func lookUp(_ name: TemplateName) -> TemplateData? {
            let (value, frame) = find(name)
            recording?.note(name, value, foundAt: frame)
            return value
        }

        /// The first scope down the stack that has the name's first part, then each further part
        /// inside the value before it; `.a` and `.` look in the current value only. `frame`: where
        /// on the stack it was found (-1 when nowhere).
        private func find(_ name: TemplateName) -> (value: TemplateData?, frame: Int) {
            guard let first = name.parts.first else { return (stack.last, stack.count - 1) }
            if name.anchored { return (descend(stack.last, into: name.parts[...]), stack.count - 1) }
            for frame in stack.indices.reversed() {
                if let found = stack[frame].scope?.templateField(first) { return (descend(found, into: name.parts.dropFirst()), frame) }
            }
            return (nil, -1)
        }

        private func descend(_ value: TemplateData?, into parts: ArraySlice<FieldName>) -> TemplateData? {
            parts.reduce(value) { value, part in value?.scope?.templateField(part) }
        }
    }
}
