/// What a plain scalar means under YAML 1.2's core schema: null, a boolean, a decimal number, or
/// text. Octal, hexadecimal, infinities and NaN are refused: JSON has no such numbers, and a
/// hand-written document that means text should quote it.
enum YAMLScalar {
    static func resolve(_ scalar: String, line: Int) throws(YAMLSubsetError) -> JSONValue {
        switch scalar {
        case "null", "Null", "NULL", "~": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "-.inf", ".nan", ".NaN", ".NAN":
            throw YAMLSubsetError(line: line, "\(scalar) is no JSON number; quote it for text")
        default: break
        }
        let unsigned = scalar.first == "-" || scalar.first == "+" ? scalar.dropFirst() : Substring(scalar)
        if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0o") {
            throw YAMLSubsetError(line: line, "write \(scalar) in decimal, or quote it for text")
        }
        guard isDecimal(unsigned) else { return .string(scalar) }
        guard let number = Double(scalar), number.isFinite else {
            throw YAMLSubsetError(line: line, "\(scalar) is out of range")
        }
        return .number(number)
    }

    /// `[0-9]+(\.[0-9]*)?` or `\.[0-9]+`, then an optional exponent `[eE][-+]?[0-9]+`.
    private static func isDecimal(_ text: Substring) -> Bool {
        var characters = text[...]
        let whole = characters.prefix { $0.isASCIIDigit }
        characters = characters.dropFirst(whole.count)
        var fraction = Substring()
        if characters.first == "." {
            characters = characters.dropFirst()
            fraction = characters.prefix { $0.isASCIIDigit }
            characters = characters.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return false }
        if characters.first == "e" || characters.first == "E" {
            characters = characters.dropFirst()
            if characters.first == "-" || characters.first == "+" { characters = characters.dropFirst() }
            let exponent = characters.prefix { $0.isASCIIDigit }
            guard !exponent.isEmpty else { return false }
            characters = characters.dropFirst(exponent.count)
        }
        return characters.isEmpty
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
