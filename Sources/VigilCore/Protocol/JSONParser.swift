/// Why a text is not JSON, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset of the offending byte in the UTF-8 text.
    public let offset: Int
    /// What is wrong, such as "unterminated string" or "nesting deeper than 512".
    public let reason: String

    /// `reason at byte offset`.
    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects a document may have (Foundation's JSONDecoder
    /// takes the same).
    public static let maxNesting = 512

    /// Parses JSON text (RFC 8259, UTF-8) in one pass over its bytes.
    ///
    /// Why not `JSONDecoder`: decoding into `JSONValue` through `Decodable` tries each kind of value
    /// in turn and throws for every wrong guess, about 150 allocations and 110 µs for a 256-byte
    /// publish, on the path of every request the hub takes.
    ///
    /// It accepts what `JSONDecoder` accepts, with two exceptions where `JSONDecoder` departs from
    /// RFC 8259: a trailing comma in an array or an object, which it lets through, and some zeros
    /// written with an exponent (`0e3`, `-0.0e-3`), which it refuses. A repeated object key keeps
    /// its first value, as `JSONDecoder` does; a leading byte order mark is skipped; a number too
    /// large for a `Double`, or so small that it would become 0, is refused.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in Self.parseDocument(buffer) }
        switch parsed ?? Array(bytes).withUnsafeBufferPointer({ buffer in Self.parseDocument(buffer) }) {
        case .success(let value): self = value
        case .failure(let error): throw error
        }
    }

    /// Parses `text` as one JSON document, as `init(parsing:)` parses its UTF-8 bytes; throws where it is not JSON.
    public init(parsing text: some StringProtocol) throws(JSONParseError) {
        try self.init(parsing: text.utf8)
    }

    private static func parseDocument(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
        var parser = JSONParser(bytes: buffer)
        do {
            return .success(try parser.document())
        } catch {
            return .failure(error)
        }
    }
}

/// A recursive-descent reader of one JSON document held in memory.
private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// Where a string with escapes is put together, kept between strings.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        let value = try self.value()
        skipWhitespace()
        guard position == bytes.count else { throw fail("text after the value") }
        return value
    }

    // MARK: Values

    private mutating func value() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw fail("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("no value starts with this byte")
        }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        var fields: [String: JSONValue] = [:]
        if try opensEmpty(closedBy: UInt8(ascii: "}")) { return .object(fields) }
        repeat {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("an object key must be a string") }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw fail("a colon must follow an object key") }
            position += 1
            let value = try self.value()
            if fields.index(forKey: key) == nil { fields[key] = value }
        } while try !closesAfterMember(closedBy: UInt8(ascii: "}"), in: "object")
        return .object(fields)
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        var items: [JSONValue] = []
        if try opensEmpty(closedBy: UInt8(ascii: "]")) { return .array(items) }
        repeat {
            items.append(try value())
        } while try !closesAfterMember(closedBy: UInt8(ascii: "]"), in: "array")
        return .array(items)
    }

    /// Steps into an array or object at its opening byte; true when it closes at once.
    private mutating func opensEmpty(closedBy close: UInt8) throws(JSONParseError) -> Bool {
        try enterNesting()
        position += 1
        skipWhitespace()
        guard peek() == close else { return false }
        position += 1
        depth -= 1
        return true
    }

    /// After a member: false at a comma (another member follows), true at the closing byte.
    private mutating func closesAfterMember(closedBy close: UInt8, in container: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","):
            position += 1
            return false
        case close:
            position += 1
            depth -= 1
            return true
        default:
            throw fail("a comma or the end of the \(container) must follow a value")
        }
    }

    private mutating func enterNesting() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maxNesting else { throw fail("nested more than \(JSONValue.maxNesting) deep") }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let length = word.utf8CodeUnitCount
        guard bytes.count - position >= length,
            UnsafeBufferPointer(start: word.utf8Start, count: length).elementsEqual(bytes[position..<position + length])
        else { throw fail("not a literal") }
        position += length
        return value
    }

    // MARK: Strings

    /// A string from its opening quote: plain bytes are taken as one slice, escapes through `scratch`.
    private mutating func string() throws(JSONParseError) -> String {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                guard let text = String(validating: bytes[start..<position], as: UTF8.self) else { throw notUTF8(at: start) }
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw fail("a control character must be escaped in a string") }
            position += 1
        }
        throw fail("the string is not closed")
    }

    private mutating func escapedString(from start: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scratch, as: UTF8.self) else { throw notUTF8(at: start) }
                position += 1
                return text
            case UInt8(ascii: "\\"):
                position += 1
                try unescape()
            case ..<0x20:
                throw fail("a control character must be escaped in a string")
            default:
                scratch.append(byte)
                position += 1
            }
        }
        throw fail("the string is not closed")
    }

    /// One escape, from the byte after its backslash, appended to `scratch` as UTF-8.
    private mutating func unescape() throws(JSONParseError) {
        let backslash = position - 1
        let loneSurrogate = JSONParseError(offset: backslash, reason: "a lone surrogate")
        guard let byte = peek() else { throw fail("the string is not closed") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate is half of a character: its low half must follow as `\uDC00`-`\uDFFF`.
                guard bytes[position...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else { throw loneSurrogate }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw loneSurrogate }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw loneSurrogate
            }
            // Every value left is a Unicode scalar: surrogates were paired or refused above.
            scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw fail("not an escape")
        }
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw fail("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private func notUTF8(at offset: Int) -> JSONParseError {
        JSONParseError(offset: offset, reason: "the string is not valid UTF-8")
    }

    // MARK: Numbers

    /// A number as RFC 8259 writes it: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(JSONParseError) -> Double {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        var nonZeroDigit = try digits()
        guard !(bytes[integerStart] == UInt8(ascii: "0") && position - integerStart > 1) else {
            throw JSONParseError(offset: integerStart, reason: "a number does not start with 0")
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            nonZeroDigit = try digits() || nonZeroDigit
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            _ = try digits()
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        // Up to 15 digits an integer is exact in a Double: no text conversion needed.
        if isInteger, position - integerStart <= 15 {
            var magnitude: Int64 = 0
            for byte in bytes[integerStart..<position] { magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0")) }
            return negative ? -Double(magnitude) : Double(magnitude)
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite,
            value != 0 || !nonZeroDigit
        else { throw JSONParseError(offset: start, reason: "the number is out of a Double's range") }
        return value
    }

    /// One or more decimal digits; whether any of them is not 0.
    private mutating func digits() throws(JSONParseError) -> Bool {
        let start = position
        var nonZero = false
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            nonZero = nonZero || byte != UInt8(ascii: "0")
            position += 1
        }
        guard position > start else { throw fail("a number needs a digit here") }
        return nonZero
    }

    // MARK: Bytes

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: position, reason: reason)
    }
}
