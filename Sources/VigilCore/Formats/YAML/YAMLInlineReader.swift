/// What one line of a `YAMLSubset` document holds after its indentation: a key, a scalar, or a
/// flow collection written on that line.
struct YAMLInlineReader {
    private let text: [Unicode.Scalar]
    private var position = 0
    private let line: Int

    private init(_ text: [Unicode.Scalar], line: Int) {
        self.text = text
        self.line = line
    }

    /// A whole value: a scalar or a flow collection, and nothing after it.
    static func value(_ text: [Unicode.Scalar], line: Int) throws(YAMLSubsetError) -> JSONValue {
        var reader = YAMLInlineReader(text, line: line)
        let value = try reader.node(inFlow: false)
        reader.skipSpaces()
        guard reader.position == text.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    /// `key:` and what follows it on the line.
    static func key(_ text: [Unicode.Scalar], line: Int) throws(YAMLSubsetError) -> (String, [Unicode.Scalar]) {
        var reader = YAMLInlineReader(text, line: line)
        let key = try reader.key(inFlow: false)
        reader.skipSpaces()
        return (key, Array(text[reader.position...]))
    }

    /// Whether the text begins `key:` (so that `- key: value` opens a mapping).
    static func beginsMappingEntry(_ text: [Unicode.Scalar]) -> Bool {
        guard let first = text.first, first != "[", first != "{" else { return false }
        var reader = YAMLInlineReader(text, line: 0)
        return (try? reader.key(inFlow: false)) != nil
    }

    private func error(_ reason: String) -> YAMLSubsetError { YAMLSubsetError(line: line, reason) }

    private var current: Unicode.Scalar? { position < text.count ? text[position] : nil }

    private mutating func skipSpaces() {
        while current == " " { position += 1 }
    }

    /// Whether a `:` at the position ends a key: followed by a space, the end, or (in flow) `,]}`.
    private func colonEndsKey(at index: Int, inFlow: Bool) -> Bool {
        guard index < text.count, text[index] == ":" else { return false }
        guard index + 1 < text.count else { return true }
        return text[index + 1] == " " || (inFlow && text[index + 1].isAny(of: ",]}"))
    }

    private mutating func key(inFlow: Bool) throws(YAMLSubsetError) -> String {
        let key: String
        if current == "'" || current == "\"" {
            key = try quoted()
        } else {
            let start = position
            while position < text.count, !colonEndsKey(at: position, inFlow: inFlow) {
                if inFlow, text[position].isAny(of: ",[]{}") { throw error("a flow mapping's key must be followed by ':'") }
                position += 1
            }
            key = String(String.UnicodeScalarView(text[start..<position])).trimmingSpaces()
            guard !key.isEmpty, let first = key.first, !"?&*!|>%@`[]{},#".contains(first), !key.hasPrefix("- ") else {
                throw error("expected `key: value`")
            }
        }
        guard colonEndsKey(at: position, inFlow: inFlow) else { throw error("expected ':' after the key \(key)") }
        position += 1
        return key
    }

    private mutating func node(inFlow: Bool) throws(YAMLSubsetError) -> JSONValue {
        skipSpaces()
        switch current {
        case nil: throw error("a value is missing")
        case "[": return try flowSequence()
        case "{": return try flowMapping()
        case "'", "\"": return .string(try quoted())
        case let first? where first.isAny(of: "&*!%@`|>?"):
            throw error("'\(first)' begins something this reader does not take (anchors, aliases, tags, block scalars after text)")
        default: return try plain(inFlow: inFlow)
        }
    }

    private mutating func plain(inFlow: Bool) throws(YAMLSubsetError) -> JSONValue {
        let start = position
        while position < text.count {
            if inFlow, text[position].isAny(of: ",]}") || colonEndsKey(at: position, inFlow: true) { break }
            position += 1
        }
        let scalar = String(String.UnicodeScalarView(text[start..<position])).trimmingSpaces()
        if scalar.hasPrefix("- ") || scalar == "-" { throw error("a sequence entry cannot follow a key on its line") }
        if !inFlow, scalar.contains(": ") || scalar.hasSuffix(":") { throw error("a plain scalar may not hold ': '; quote it") }
        return try YAMLScalar.resolve(scalar, line: line)
    }

    private mutating func flowSequence() throws(YAMLSubsetError) -> JSONValue {
        var items: [JSONValue] = []
        try flowItems(closedBy: "]") { reader throws(YAMLSubsetError) in items.append(try reader.node(inFlow: true)) }
        return .array(items)
    }

    private mutating func flowMapping() throws(YAMLSubsetError) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        try flowItems(closedBy: "}") { reader throws(YAMLSubsetError) in
            reader.skipSpaces()
            let key = try reader.key(inFlow: true)
            guard fields[key] == nil else { throw reader.error("duplicate key \(key)") }
            fields[key] = try reader.node(inFlow: true)
        }
        return .object(fields)
    }

    /// The items of a flow collection, each read by `item`, separated by commas, up to `close`.
    private mutating func flowItems(closedBy close: Unicode.Scalar, _ item: (inout Self) throws(YAMLSubsetError) -> Void) throws(YAMLSubsetError) {
        position += 1
        skipSpaces()
        if current == close {
            position += 1
            return
        }
        while true {
            try item(&self)
            skipSpaces()
            switch current {
            case ",": position += 1
            case close:
                position += 1
                return
            default: throw error("expected ',' or '\(close)' in a flow collection")
            }
        }
    }

    /// A single- or double-quoted scalar, the position past its closing quote.
    private mutating func quoted() throws(YAMLSubsetError) -> String {
        let quote = text[position]
        position += 1
        var scalar = ""
        while let character = current {
            position += 1
            if character == quote {
                guard quote == "'", current == "'" else { return scalar }
                position += 1
                scalar.unicodeScalars.append("'")
            } else if character == "\\", quote == "\"" {
                scalar += try escape()
            } else {
                scalar.unicodeScalars.append(character)
            }
        }
        throw error("a quoted scalar is not closed on its line")
    }

    private mutating func escape() throws(YAMLSubsetError) -> String {
        guard let character = current else { throw error("a quoted scalar is not closed on its line") }
        position += 1
        switch character {
        case "\\", "\"", "/": return String(character)
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{c}"
        case "0": return "\u{0}"
        case "u", "U":
            let digits = character == "u" ? 4 : 8
            guard position + digits <= text.count, let code = UInt32(String(String.UnicodeScalarView(text[position..<position + digits])), radix: 16),
                let scalar = Unicode.Scalar(code)
            else { throw error("\\\(character) needs \(digits) hex digits naming a character") }
            position += digits
            return String(scalar)
        default: throw error("unknown escape \\\(character)")
        }
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is one of those of `set`.
    func isAny(of set: String) -> Bool { set.unicodeScalars.contains(self) }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var characters = Substring(self)
        while characters.first == " " { characters.removeFirst() }
        while characters.last == " " { characters.removeLast() }
        return String(characters)
    }
}
