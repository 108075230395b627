/// One element of a parsed XML document: its qualified name, attributes, child elements and the
/// text directly inside it (character data and CDATA, concatenated).
struct XMLNode: Sendable, Equatable {
    let name: String
    let attributes: [String: String]
    var children: [XMLNode]
    var text: String
    /// 1-based line of the start tag.
    let line: Int

    /// The name without a namespace prefix (`mark:Email` -> `Email`).
    var localName: Substring {
        guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
        return name[name.index(after: colon)...]
    }

    /// Children with the given local name, in document order.
    func children(named localName: String) -> [XMLNode] {
        children.filter { $0.localName == localName }
    }

    /// Every descendant (depth first, document order) with the given local name.
    func descendants(named localName: String) -> [XMLNode] {
        var found: [XMLNode] = []
        var pending = children.reversed() as [XMLNode]
        while let node = pending.popLast() {
            if node.localName == localName { found.append(node) }
            pending.append(contentsOf: node.children.reversed())
        }
        return found
    }

    /// The text with surrounding whitespace removed.
    var trimmedText: String { text.trimmingASCIIWhitespace() }
}
