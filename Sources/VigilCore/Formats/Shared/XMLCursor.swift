/// An element being read by a format parser, with its path from the root, so that each value
/// read can be refused with the exact line and field.
struct XMLCursor {
    let node: XMLNode
    let path: String
    let format: FormatError.Format

    init(root: XMLNode, format: FormatError.Format) {
        self.init(node: root, path: root.name, format: format)
    }

    private init(node: XMLNode, path: String, format: FormatError.Format) {
        self.node = node
        self.path = path
        self.format = format
    }

    /// A refusal located at this element.
    func error(_ message: String) -> FormatError {
        FormatError(format, line: node.line, field: path, message)
    }

    /// Refuses an element whose name is not the expected one.
    func expectName(_ localName: String) throws(FormatError) {
        guard node.localName == localName else { throw error("expected <\(localName)>, found <\(node.name)>") }
    }

    /// The child of that name, nil when there is none. A second one is refused: the document would
    /// say two things where one is read (two `<command>`s), and no reader may pick one silently.
    func optionalChild(_ localName: String) throws(FormatError) -> XMLCursor? {
        let found = node.children(named: localName).map { XMLCursor(node: $0, path: path + "/" + localName, format: format) }
        if found.count > 1 { throw found[1].error("<\(localName)> appears more than once in <\(node.name)>") }
        return found.first
    }

    func child(_ localName: String) throws(FormatError) -> XMLCursor {
        guard let found = try optionalChild(localName) else { throw error("missing <\(localName)>") }
        return found
    }

    /// Children with the given local name; each path carries its 1-based position, e.g. `region[2]`.
    func children(_ localName: String) -> [XMLCursor] {
        node.children(named: localName).enumerated().map { index, child in
            XMLCursor(node: child, path: "\(path)/\(localName)[\(index + 1)]", format: format)
        }
    }

    /// Descendants at any depth with the given local name, e.g. every Placemark inside folders.
    func descendants(_ localName: String) -> [XMLCursor] {
        node.descendants(named: localName).enumerated().map { index, found in
            XMLCursor(node: found, path: "\(path)//\(localName)[\(index + 1)]", format: format)
        }
    }

    /// The element's trimmed text.
    var text: String { node.trimmedText }

    /// The trimmed text of a required child.
    func text(_ localName: String) throws(FormatError) -> String {
        try child(localName).text
    }

    /// The trimmed text of an optional child; empty when it is absent.
    func optionalText(_ localName: String) throws(FormatError) -> String {
        try optionalChild(localName)?.text ?? ""
    }

    func int(_ localName: String) throws(FormatError) -> Int {
        let field = try child(localName)
        guard let value = NumberText.parseInt(field.text) else {
            throw field.error("expected an integer, found \"\(field.text)\"")
        }
        return value
    }

    func timestamp(_ localName: String) throws(FormatError) -> LocalTimestamp {
        let field = try child(localName)
        guard let value = LocalTimestamp(field.text) else {
            throw field.error("expected yyyy-MM-dd HH:mm:ss or yyyy-MM-dd, found \"\(field.text)\"")
        }
        return value
    }

    /// Parses this element's text with `read`; a thrown error is located at this element.
    func value<Value>(_ read: (String) throws -> Value) throws(FormatError) -> Value {
        do {
            return try read(text)
        } catch {
            throw self.error("\(error)")
        }
    }
}
