/// Writes indented, well-formed UTF-8 XML with every piece of user text escaped.
struct XMLWriter {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []

    /// Starts an element; attributes are written in the order given.
    mutating func start(_ name: String, _ attributes: [(String, String)] = []) {
        text += indent + "<" + name + XMLWriter.attributeText(attributes) + ">\n"
        open.append(name)
    }

    /// Ends the innermost open element.
    mutating func end() {
        let name = open.removeLast()
        text += indent + "</" + name + ">\n"
    }

    /// An element holding only text.
    mutating func leaf(_ name: String, _ value: String, _ attributes: [(String, String)] = []) {
        text += indent + "<" + name + XMLWriter.attributeText(attributes) + ">" + XMLWriter.escape(value) + "</" + name + ">\n"
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    private static func attributeText(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(escape($0.1, inAttribute: true))\"" }.joined()
    }

    /// User text escaped as `XMLBytes.text` escapes it.
    static func escape(_ value: String, inAttribute: Bool = false) -> String {
        XMLBytes.escaping(value, inAttribute: inAttribute)
    }
}
