/// Walks the tokens of an XMP packet (beside `XMPWalk`) for the properties that are lists: every
/// `rdf:li` of dc:subject, lr:hierarchicalSubject and Iptc4xmpExt:PersonInImage, and the names
/// of the MWG face regions (`mwg-rs:Regions` … `rdf:li` with `mwg-rs:Name` and `mwg-rs:Type="Face"`,
/// as attributes or elements, on the item or a description inside it).
///
/// Like `XMPWalk`, only properties of an `rdf:Description` directly inside `rdf:RDF` count.
/// Bounded: at most `maxItems` values per list, each capped like `XMPWalk`'s values.
struct XMPListWalk {
    static let maxItems = 1000

    enum ListProperty: CaseIterable {
        case subject, hierarchicalSubject, personInImage, creator

        var name: XMPName {
            switch self {
            case .subject: XMPName(XMPName.dc, "subject")
            case .hierarchicalSubject: XMPName(XMPName.lightroom, "hierarchicalSubject")
            case .personInImage: XMPName(XMPName.iptcExt, "PersonInImage")
            case .creator: XMPName(XMPName.dc, "creator")
            }
        }
    }

    private enum Role: Equatable {
        case other, rdf, description
        case list(ListProperty), container(ListProperty), item(ListProperty)
        /// Inside `mwg-rs:Regions`, outside any region.
        case regions
        /// A region (an `rdf:li` inside the regions) or anything inside one.
        case region
        case regionName, regionType
    }

    private struct Frame {
        var role = Role.other
        var text = ""
        var hasChildren = false
    }

    /// The region being read: its name and type, whichever form gave them.
    private struct Region {
        var depth: Int
        var name: String?
        var type: String?
    }

    private var stack: [Frame] = []
    private var region: Region?
    private(set) var lists: [ListProperty: [String]] = [:]
    /// The names of the face regions, in order.
    private(set) var faces: [String] = []

    /// Takes the next token, its names resolved in `namespaces` (see `XMPWalk.accept`).
    mutating func accept(_ token: XMLToken, in namespaces: XMPNamespaces) {
        switch token {
        case let .start(name, attributes, selfClosing):
            open(name, attributes: attributes, in: namespaces)
            if selfClosing { close() }
        case .end:
            close()
        case let .text(text):
            guard let top = stack.indices.last else { return }
            switch stack[top].role {
            case .list, .item, .regionName, .regionType:
                if stack[top].text.utf8.count + text.utf8.count <= XMPWalk.maxValueBytes { stack[top].text += text }
            default: break
            }
        }
    }

    private mutating func open(_ name: String, attributes: [XMLAttribute], in namespaces: XMPNamespaces) {
        let frame = Frame()
        let parent = stack.last?.role ?? .other
        if let top = stack.indices.last { stack[top].hasChildren = true }
        stack.append(frame)
        // Only an rdf:Description (or a nested rdf:RDF) inside rdf:RDF can matter: the packet's
        // other top-level elements are skipped without resolving their names.
        let isRDFOrDescription = name == "RDF" || name.hasSuffix(":RDF") || name == "Description" || name.hasSuffix(":Description")
        let matters = parent == .rdf ? isRDFOrDescription : parent != .other || name == "RDF" || name.hasSuffix(":RDF")
        guard matters, let resolved = namespaces.resolve(name, isAttribute: false) else { return }
        let role = role(of: resolved, inside: parent)
        stack[stack.count - 1].role = role
        if role == .region && region == nil, resolved == XMPName(XMPName.rdf, "li") { region = Region(depth: stack.count) }
        guard role == .region, region != nil else { return }
        for attribute in attributes {
            switch namespaces.resolve(attribute.name, isAttribute: true) {
            case XMPName(XMPName.mwgRegions, "Name"): note(name: attribute.value)
            case XMPName(XMPName.mwgRegions, "Type"): note(type: attribute.value)
            default: break
            }
        }
    }

    private mutating func close() {
        let depth = stack.count
        guard let frame = stack.popLast() else { return }
        switch frame.role {
        case let .item(property): add(frame.text, to: property)
        case let .list(property) where !frame.hasChildren: add(frame.text, to: property)
        case .regionName: note(name: frame.text)
        case .regionType: note(type: frame.text)
        case .region where region?.depth == depth:
            if let found = region, found.type?.trimmed.lowercased() == "face", let name = found.name,
               name.contains(where: { !$0.isWhitespace }), faces.count < Self.maxItems {
                faces.append(name)
            }
            region = nil
        default: break
        }
    }

    /// The region's name or type, unless it has one already.
    private mutating func note(name: String? = nil, type: String? = nil) {
        guard var current = region else { return }
        current.name = current.name ?? name
        current.type = current.type ?? type
        region = current
    }

    private mutating func add(_ value: String, to property: ListProperty) {
        guard value.contains(where: { !$0.isWhitespace }), lists[property, default: []].count < Self.maxItems else { return }
        lists[property, default: []].append(value)
    }

    private func role(of name: XMPName, inside parent: Role) -> Role {
        let isRDF = name.namespace == XMPName.rdf
        switch parent {
        case _ where isRDF && name.local == "RDF": return .rdf
        case .rdf where isRDF && name.local == "Description": return .description
        case .description:
            if name == XMPName(XMPName.mwgRegions, "Regions") { return .regions }
            return ListProperty.allCases.first { $0.name == name }.map(Role.list) ?? .other
        case let .list(property) where isRDF && ["Alt", "Seq", "Bag"].contains(name.local): return .container(property)
        case let .container(property) where isRDF && name.local == "li": return .item(property)
        case .regions: return isRDF && name.local == "li" ? .region : .regions
        case .region where name == XMPName(XMPName.mwgRegions, "Name"): return .regionName
        case .region where name == XMPName(XMPName.mwgRegions, "Type"): return .regionType
        case .region: return .region
        default: return .other
        }
    }
}

private extension String {
    var trimmed: String { String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }
}
