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

    /// Escapes markup characters. Carriage returns (and, in attributes, tabs and line feeds) become
    /// character references so that a reader's whitespace normalisation gives them back intact.
    /// Characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) become U+FFFD.
    static func escape(_ value: String, inAttribute: Bool = false) -> String {
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where inAttribute: escaped += "&quot;"
            case "\r": escaped += "&#13;"
            case "\n" where inAttribute: escaped += "&#10;"
            case "\t" where inAttribute: escaped += "&#9;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
