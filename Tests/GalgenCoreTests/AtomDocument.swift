import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// An XML document read by Foundation's strict parser (libxml2 on Linux) into a small tree, and
/// the checks RFC 4287 makes of an Atom feed.
struct XMLElementNode: Equatable {
    var name: String
    var attributes: [String: String]
    var children: [XMLElementNode] = []
    var text = ""

    func all(_ name: String) -> [XMLElementNode] { children.filter { $0.name == name } }
    func first(_ name: String) -> XMLElementNode? { children.first { $0.name == name } }
    func links(_ rel: String) -> [XMLElementNode] { all("link").filter { ($0.attributes["rel"] ?? "alternate") == rel } }

    /// The document's root, or the parser's error (a feed that is not well-formed XML).
    static func parse(_ text: String) throws -> XMLElementNode {
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ParseError(description: "\(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber)")
        }
        return root
    }

    struct ParseError: Error, CustomStringConvertible { var description: String }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLElementNode] = []
    var root: XMLElementNode?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        stack.append(XMLElementNode(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let element = stack.removeLast()
        if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
    }
}

/// RFC 4287's requirements of a feed document, as `#expect`s.
enum AtomRules {
    static func check(_ feed: XMLElementNode, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(feed.name == "feed" && feed.attributes["xmlns"] == "http://www.w3.org/2005/Atom", sourceLocation: sourceLocation)
        for name in ["id", "title", "updated"] {
            #expect(feed.all(name).count == 1, "feed has one \(name)", sourceLocation: sourceLocation)
        }
        #expect(feed.all("author").count == 1 && feed.first("author")?.all("name").count == 1, sourceLocation: sourceLocation)
        #expect(feed.links("alternate").count == 1 && feed.links("self").count == 1, sourceLocation: sourceLocation)
        #expect(isDate(feed.first("updated")?.text), sourceLocation: sourceLocation)
        for entry in feed.all("entry") {
            for name in ["id", "title", "updated"] {
                #expect(entry.all(name).count == 1, "entry has one \(name)", sourceLocation: sourceLocation)
            }
            #expect(entry.all("published").count <= 1 && entry.all("summary").count <= 1 && entry.all("content").count <= 1,
                    sourceLocation: sourceLocation)
            #expect(entry.links("alternate").count == 1, sourceLocation: sourceLocation)
            #expect(isDate(entry.first("updated")?.text), sourceLocation: sourceLocation)
            for link in entry.links("enclosure") {
                #expect(link.attributes["href"]?.hasPrefix("https://") == true && Int(link.attributes["length"] ?? "") != nil,
                        sourceLocation: sourceLocation)
            }
        }
    }

    /// RFC 3339 as galgen writes it: `2024-06-12T13:30:05Z`.
    static func isDate(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil
    }
}
