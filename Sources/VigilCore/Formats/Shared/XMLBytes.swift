/// UTF-8 XML written straight into bytes, for documents of many elements (the KML marker file):
/// markup the writer spells itself is copied as it is, user text is escaped as it is copied, and
/// numbers are written in place, so that an element costs no string of its own.
struct XMLBytes {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Markup, or text known to need no escaping (numbers, fixed names).
    mutating func markup(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func markup(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Escapes markup characters. Carriage returns (and, in attributes, tabs and line feeds) become
    /// character references so that a reader's whitespace normalisation gives them back intact.
    /// Characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE, U+FFFF) become U+FFFD.
    mutating func text(_ value: String, inAttribute: Bool = false) {
        var value = value
        value.withUTF8 { utf8 in
            var copiedUpTo = 0
            var index = 0
            while index < utf8.count {
                guard let (replacement, length) = Self.replacement(in: utf8, at: index, inAttribute: inAttribute) else {
                    index += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copiedUpTo..<index]))
                markup(replacement)
                index += length
                copiedUpTo = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copiedUpTo...]))
        }
    }

    /// A whole number in decimal, zero-padded to `width` digits.
    mutating func decimal(_ value: Int, width: Int = 1) {
        guard value >= 0 else { return markup(String(value)) }
        var digits = 1
        var scale = 1
        while value / scale >= 10 {
            scale *= 10
            digits += 1
        }
        for _ in digits..<max(digits, width) { bytes.append(UInt8(ascii: "0")) }
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / scale % 10))
            scale /= 10
        }
    }

    /// The text `value` escaped, for writers that build strings.
    static func escaping(_ value: String, inAttribute: Bool = false) -> String {
        var xml = XMLBytes(reservingCapacity: value.utf8.count)
        xml.text(value, inAttribute: inAttribute)
        return String(decoding: xml.bytes, as: UTF8.self)
    }

    /// What replaces the character starting at `index`, and how many bytes it spans; nil when it is
    /// copied as it is.
    private static func replacement(in utf8: UnsafeBufferPointer<UInt8>, at index: Int, inAttribute: Bool) -> (StaticString, Int)? {
        switch utf8[index] {
        case UInt8(ascii: "&"): return ("&amp;", 1)
        case UInt8(ascii: "<"): return ("&lt;", 1)
        case UInt8(ascii: ">"): return ("&gt;", 1)
        case UInt8(ascii: "\"") where inAttribute: return ("&quot;", 1)
        case UInt8(ascii: "\r"): return ("&#13;", 1)
        case UInt8(ascii: "\n") where inAttribute: return ("&#10;", 1)
        case UInt8(ascii: "\t") where inAttribute: return ("&#9;", 1)
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"): return nil
        case 0..<0x20: return ("\u{FFFD}", 1)
        // U+FFFE and U+FFFF: EF BF BE and EF BF BF.
        case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && utf8[index + 2] >= 0xBE: return ("\u{FFFD}", 3)
        default: return nil
        }
    }
}
