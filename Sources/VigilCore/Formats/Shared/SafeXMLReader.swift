import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Bounds on what an XML document may cost to read.
public struct XMLLimits: Sendable, Equatable {
    /// The largest document, in bytes (16 MiB by default).
    public var maxBytes: Int
    /// The deepest nesting of elements (32 by default).
    public var maxDepth: Int
    /// The most elements a document may hold (a million by default).
    public var maxElements: Int

    /// Limits of `maxBytes`, `maxDepth` and `maxElements`; a document over any is refused before or while it is read.
    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 32, maxElements: Int = 1_000_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
    }
}

/// Reads an untrusted XML document into a tree, refusing anything that can make an XML parser
/// read files, reach the network or blow up: DTDs (`<!DOCTYPE`), entity declarations, any
/// encoding but UTF-8, and documents over the limits. The text is checked before the parser sees
/// it, and the parser itself runs with external entities off and aborts on any declaration.
enum SafeXMLReader {
    static func read(_ data: Data, format: FormatError.Format, limits: XMLLimits = XMLLimits()) throws(FormatError)
        -> XMLNode
    {
        guard data.count <= limits.maxBytes else {
            throw FormatError(format, "document of \(data.count) bytes is over the limit of \(limits.maxBytes)")
        }
        try screen(data, format: format)
        let builder = TreeBuilder(limits: limits)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        let finished = parser.parse()
        if let refusal = builder.refusal {
            throw FormatError(format, line: refusal.line, refusal.message)
        }
        // FoundationXML reports an error and still returns true for content past the root.
        guard finished, parser.parserError == nil, let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "the document is not well-formed"
            throw FormatError(format, line: max(1, parser.lineNumber), "not well-formed XML: \(reason)")
        }
        return root
    }

    /// Refuses what must never reach the parser, with the line where it appears: any `<!`
    /// markup except comments and CDATA (so no DOCTYPE, ENTITY, ELEMENT, ATTLIST or NOTATION),
    /// processing instructions other than the XML declaration at the very start (FoundationXML
    /// on Linux crashes on one without data, e.g. `<?x?>`), text that is not UTF-8, NUL bytes,
    /// and a declared encoding other than UTF-8.
    private static func screen(_ data: Data, format: FormatError.Format) throws(FormatError) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw FormatError(format, "the document is not valid UTF-8 text")
        }
        let bytes = Array(data)
        // The XML declaration may only open the document, after an optional byte order mark.
        let declarationStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case 0: throw FormatError(format, line: line, "NUL bytes are not allowed in XML")
            case UInt8(ascii: "<") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "!"):
                let rest = bytes[(index + 2)...]
                guard rest.starts(with: Array("--".utf8)) || rest.starts(with: Array("[CDATA[".utf8)) else {
                    let word = String(decoding: rest.prefix { $0 >= UInt8(ascii: "A") }.prefix(10), as: UTF8.self)
                    throw FormatError(
                        format, line: line, "<!\(word) is refused: DTDs and entity declarations are not allowed")
                }
            case UInt8(ascii: "<") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "?"):
                guard index == declarationStart, bytes[(index + 2)...].starts(with: Array("xml".utf8)),
                    index + 5 < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5])
                else {
                    throw FormatError(format, line: line, "processing instructions are not allowed")
                }
            default: continue
            }
        }
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
        if let declared = declaredEncoding(in: firstLine), !["UTF-8", "UTF8", "US-ASCII"].contains(declared) {
            throw FormatError(format, line: 1, "encoding \"\(declared)\" is refused; only UTF-8 is accepted")
        }
    }

    /// The `encoding="..."` of an XML declaration on the first line, upper-cased.
    private static func declaredEncoding(in line: Substring) -> String? {
        let trimmed = line.drop { $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<?xml"), let declarationEnd = trimmed.range(of: "?>"),
            let key = trimmed[..<declarationEnd.lowerBound].range(of: "encoding")
        else { return nil }
        let rest = trimmed[key.upperBound..<declarationEnd.lowerBound].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return "" }
        return String(rest.dropFirst().prefix { $0 != quote }).uppercased()
    }
}

/// Builds the tree from parser events and stops the parser at the first refused construct.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    struct Refusal {
        let line: Int
        let message: String
    }

    let limits: XMLLimits
    private var stack: [XMLNode] = []
    private var elementCount = 0
    private(set) var root: XMLNode?
    private(set) var refusal: Refusal?

    init(limits: XMLLimits) {
        self.limits = limits
    }

    private func refuse(_ parser: XMLParser, _ message: String) {
        if refusal == nil { refusal = Refusal(line: max(1, parser.lineNumber), message: message) }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        guard refusal == nil else { return }
        elementCount += 1
        guard elementCount <= limits.maxElements else {
            return refuse(parser, "more than \(limits.maxElements) elements")
        }
        guard stack.count < limits.maxDepth else {
            return refuse(parser, "elements nested deeper than \(limits.maxDepth)")
        }
        stack.append(XMLNode(name: elementName, attributes: attributeDict, children: [], text: "", line: max(1, parser.lineNumber)))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard refusal == nil, let node = stack.popLast() else { return }
        if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard refusal == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard refusal == nil, !stack.isEmpty else { return }
        guard let text = String(data: block, encoding: .utf8) else {
            return refuse(parser, "CDATA section is not valid UTF-8")
        }
        stack[stack.count - 1].text += text
    }

    /// After the root has ended, the only error left is content past it: a second root element
    /// (two documents in one), which the parser stops at without a word of what it held.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard let root else { return }
        refuse(parser, "content after the root element <\(root.name)>: a document has one root element")
    }

    // Defence in depth: the screen already refused these, but never let the parser act on them.
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        refuse(parser, "entity declaration \"\(name)\" is refused")
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        refuse(parser, "external entity \"\(name)\" is refused")
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        refuse(parser, "external entity \"\(name)\" is refused")
        return nil
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?, notationName: String?
    ) {
        refuse(parser, "unparsed entity \"\(name)\" is refused")
    }
}
