/// A small streaming JSON writer. The server builds its frames with it so that stored payloads,
/// already canonical JSON text, are spliced in without being decoded and encoded again.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public private(set) var text: String = ""
    private var needsComma: [Bool] = [false]

    /// An empty writer whose text has room for `capacity` characters before it grows.
    public init(capacity: Int = 128) {
        text.reserveCapacity(capacity)
    }

    /// Opens an object (`{`), as a value in its own right or the value of the last key.
    public mutating func beginObject() {
        separate()
        text.append("{")
        needsComma.append(false)
    }

    /// Closes the innermost open object (`}`).
    public mutating func endObject() {
        needsComma.removeLast()
        text.append("}")
    }

    /// Opens an array (`[`), as a value in its own right or the value of the last key.
    public mutating func beginArray() {
        separate()
        text.append("[")
        needsComma.append(false)
    }

    /// Closes the innermost open array (`]`).
    public mutating func endArray() {
        needsComma.removeLast()
        text.append("]")
    }

    /// Writes `"name":` inside an object; the value written next belongs to it.
    public mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &text)
        text.append(":")
        needsComma[needsComma.count - 1] = false
    }

    /// Writes a string value, escaping quotes, backslashes, control characters, U+2028 and U+2029.
    public mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &text)
    }

    /// Writes a whole number value.
    public mutating func integer<T: BinaryInteger>(_ value: T) {
        separate()
        text.append(String(value))
    }

    /// Writes a number value: a whole number without a fraction when it is one (below 2^53), `null` when not finite.
    public mutating func number(_ value: Double) {
        separate()
        text.append(Self.format(value))
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        text.append(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        text.append("null")
    }

    /// Splices text that is already valid JSON (a stored payload).
    public mutating func raw(_ json: String) {
        separate()
        text.append(json)
    }

    /// Writes any JSON value; an object's keys come sorted, so equal values give equal text (the canonical form).
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let string): self.string(string)
        case .array(let items):
            beginArray()
            for item in items { self.value(item) }
            endArray()
        case .object(let fields):
            beginObject()
            for name in fields.keys.sorted() {
                key(name)
                self.value(fields[name]!)
            }
            endObject()
        }
    }

    /// Writes `"name":"value"` inside an object.
    public mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    /// Writes `"name":"value"`, or `"name":null` when `value` is nil.
    public mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// Writes `"name":value` with a whole number.
    public mutating func field<T: BinaryInteger>(_ name: String, _ value: T) {
        key(name)
        integer(value)
    }

    private mutating func separate() {
        let depth = needsComma.count - 1
        if needsComma[depth] { text.append(",") }
        needsComma[depth] = true
    }

    /// Integral values in the exactly representable range print without a fraction.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    static func appendQuoted(_ string: String, to text: inout String) {
        text.append("\"")
        // Most strings (topics, types, names) need no escape: one append, no scalar-by-scalar copy.
        if string.utf8.contains(where: mayStartAnEscape) {
            appendEscaped(string, to: &text)
        } else {
            text.append(string)
        }
        text.append("\"")
    }

    /// A quote, a backslash, a control character, or 0xE2, which leads U+2028 and U+2029 (escaped
    /// because JavaScript string literals cannot hold them raw).
    private static func mayStartAnEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    private static func appendEscaped(_ string: String, to text: inout String) {
        var plainStart = string.unicodeScalars.startIndex
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escaped: String?
            switch scalar {
            case "\"": escaped = "\\\""
            case "\\": escaped = "\\\\"
            case "\n": escaped = "\\n"
            case "\r": escaped = "\\r"
            case "\t": escaped = "\\t"
            case "\u{2028}": escaped = "\\u2028"
            case "\u{2029}": escaped = "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped = nil
                }
            }
            if let escaped {
                text.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                text.append(escaped)
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
    }
}
