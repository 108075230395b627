/// Number <-> text in the plain decimal form the legacy formats use.
enum NumberText {
    /// Shortest text that reads back to the same value; integral values drop the ".0".
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A finite decimal number, surrounding whitespace allowed; nil for anything else.
    static func parseDouble(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }

    /// A decimal integer, surrounding whitespace allowed; nil for anything else or on overflow.
    static func parseInt(_ text: some StringProtocol) -> Int? {
        Int(text.trimmingASCIIWhitespace())
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs, carriage returns and line feeds
    /// (the whitespace of XML; Unicode spaces inside user text are kept).
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
