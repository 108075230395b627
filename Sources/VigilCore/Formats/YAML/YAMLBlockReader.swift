/// The block structure of a `YAMLSubset` document: mappings and sequences nested by indentation,
/// and block scalars. What a line holds after its key or dash is `YAMLInlineReader`'s.
struct YAMLBlockReader {
    private struct Line {
        /// 1-based.
        let number: Int
        var indent: Int
        var body: [Unicode.Scalar]

        var isBlank: Bool { body.allSatisfy { $0 == " " || $0 == "\t" } }
        /// Blank or only a comment: no content.
        var isEmpty: Bool { YAMLBlockReader.content(body).isEmpty }
        var isSequenceEntry: Bool { body.first == "-" && (body.count == 1 || body[1] == " ") }
    }

    private var lines: [Line]
    private var index = 0

    init(_ text: String) {
        // By Unicode scalars, not characters: a combining mark after a quote must not hide the quote.
        let scalars = Array(text.unicodeScalars)
        lines = scalars.split(omittingEmptySubsequences: false) { $0 == "\n" }.enumerated().map { offset, raw in
            var line = Array(raw)
            if line.last == "\r" { line.removeLast() }
            let indent = line.prefix { $0 == " " }.count
            return Line(number: offset + 1, indent: indent, body: Array(line.dropFirst(indent)))
        }
    }

    mutating func document() throws(YAMLSubsetError) -> JSONValue {
        for line in lines where !line.isBlank {
            if line.body.first == "\t" { throw YAMLSubsetError(line: line.number, "tabs may not indent YAML") }
        }
        guard let first = nextLine() else { throw YAMLSubsetError(line: 1, "the document is empty") }
        if first.indent == 0,
            first.body.starts(with: "---".unicodeScalars) || first.body.starts(with: "...".unicodeScalars) || first.body.first == "%"
        {
            throw YAMLSubsetError(line: first.number, "directives and document markers are not read; write one document")
        }
        guard first.indent == 0 else { throw YAMLSubsetError(line: first.number, "the document must begin at the first column") }
        let value = try node(indent: 0)
        if let extra = nextLine() { throw YAMLSubsetError(line: extra.number, "unexpected text after the document") }
        return value
    }

    /// The next line with content, skipping blank lines and comments.
    private mutating func nextLine() -> Line? {
        while index < lines.count, lines[index].isEmpty { index += 1 }
        return index < lines.count ? lines[index] : nil
    }

    /// The mapping or sequence that begins on the current line, at `indent`.
    private mutating func node(indent: Int) throws(YAMLSubsetError) -> JSONValue {
        guard let line = nextLine() else { return .null }
        return line.isSequenceEntry ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    private mutating func mapping(indent: Int) throws(YAMLSubsetError) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        while let line = nextLine(), line.indent >= indent {
            guard line.indent == indent else { throw YAMLSubsetError(line: line.number, "unexpected indentation") }
            guard !line.isSequenceEntry else { throw YAMLSubsetError(line: line.number, "a sequence entry where a key was expected") }
            let (key, rest) = try YAMLInlineReader.key(Self.content(line.body), line: line.number)
            guard fields[key] == nil else { throw YAMLSubsetError(line: line.number, "duplicate key \(key)") }
            index += 1
            fields[key] = try value(rest, parentIndent: indent, line: line.number)
        }
        return .object(fields)
    }

    private mutating func sequence(indent: Int) throws(YAMLSubsetError) -> JSONValue {
        var items: [JSONValue] = []
        while let line = nextLine(), line.indent >= indent {
            guard line.indent == indent else { throw YAMLSubsetError(line: line.number, "unexpected indentation") }
            guard line.isSequenceEntry else { throw YAMLSubsetError(line: line.number, "a key where a sequence entry was expected") }
            let spaces = line.body.dropFirst().prefix { $0 == " " }.count
            let rest = Array(line.body.dropFirst(1 + spaces))
            if YAMLInlineReader.beginsMappingEntry(Self.content(rest)) || Line(number: 0, indent: 0, body: rest).isSequenceEntry {
                // `- key: value` or `- - item`: the entry is a block node indented to where its text begins.
                lines[index].indent = indent + 1 + spaces
                lines[index].body = rest
                items.append(try node(indent: indent + 1 + spaces))
            } else {
                index += 1
                items.append(try value(Self.content(rest), parentIndent: indent, line: line.number))
            }
        }
        return .array(items)
    }

    /// What follows a key or a dash: a value on the line, a block scalar, or a node on the lines below.
    private mutating func value(_ text: [Unicode.Scalar], parentIndent: Int, line: Int) throws(YAMLSubsetError) -> JSONValue {
        switch String(String.UnicodeScalarView(text)) {
        case "":
            guard let next = nextLine(), next.indent > parentIndent else {
                if let next = nextLine(), next.indent == parentIndent, next.isSequenceEntry {
                    throw YAMLSubsetError(line: next.number, "indent a sequence under its key")
                }
                return .null
            }
            return try node(indent: next.indent)
        case "|", "|-", ">", ">-":
            return .string(try blockScalar(folded: text[0] == ">", keepsNewline: text.count == 1, parentIndent: parentIndent))
        default:
            return try YAMLInlineReader.value(text, line: line)
        }
    }

    /// The lines of a `|` or `>` scalar: those indented past its key, less the first one's indentation.
    private mutating func blockScalar(folded: Bool, keepsNewline: Bool, parentIndent: Int) throws(YAMLSubsetError) -> String {
        var texts: [String] = []
        var blockIndent: Int?
        while index < lines.count {
            let line = lines[index]
            if line.isBlank {
                texts.append("")
                index += 1
                continue
            }
            guard line.indent > parentIndent else { break }
            let indent = blockIndent ?? line.indent
            blockIndent = indent
            guard line.indent >= indent else { throw YAMLSubsetError(line: line.number, "less indented than the block's first line") }
            if folded, line.indent > indent { throw YAMLSubsetError(line: line.number, "a folded block scalar keeps one indentation; use |") }
            texts.append(String(repeating: " ", count: line.indent - indent) + String(String.UnicodeScalarView(line.body)))
            index += 1
        }
        while texts.last == "" { texts.removeLast() }
        guard !texts.isEmpty else { return "" }
        var text = ""
        if folded {
            var afterText = false
            for part in texts {
                if part.isEmpty {
                    text += "\n"
                } else {
                    if afterText { text += " " }
                    text += part
                }
                afterText = !part.isEmpty
            }
        } else {
            text = texts.joined(separator: "\n")
        }
        return keepsNewline ? text + "\n" : text
    }

    /// A line's text without its comment and trailing spaces. A `#` begins a comment at the start or
    /// after a space, outside quotes.
    static func content(_ body: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var quote: Unicode.Scalar?
        var end = body.count
        var position = 0
        while position < body.count {
            let character = body[position]
            if let open = quote {
                if character == "\\", open == "\"" {
                    position += 1
                } else if character == open {
                    if open == "'", position + 1 < body.count, body[position + 1] == "'" { position += 1 } else { quote = nil }
                }
            } else if character == "#", position == 0 || body[position - 1] == " " {
                end = position
                break
            } else if character == "'" || character == "\"", position == 0 || body[position - 1].isAny(of: " [{,:") {
                quote = character
            }
            position += 1
        }
        var text = Array(body[..<end])
        while text.last == " " { text.removeLast() }
        return text
    }
}
