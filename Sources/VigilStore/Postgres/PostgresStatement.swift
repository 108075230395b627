import NIOCore
import PostgresNIO

/// The seam's statements in PostgreSQL's terms: `?` placeholders numbered `$1, $2, ...` and the
/// store's values bound as the server's types (integers as int8, reals as float8, bytes as bytea).
enum PostgresStatement {
    /// `sql` with each `?` outside quotes numbered in order. The seam's SQL has no `?` operator (the
    /// JSON ones are not used), so every bare `?` is a placeholder.
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The statements of a script, split at each `;` outside quotes, comments and `$$` bodies: the
    /// extended protocol this client speaks takes one statement at a time.
    static func statements(in script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var closing: String?
        var index = script.startIndex
        while index < script.endIndex {
            let rest = script[index...]
            if let end = closing {
                if rest.hasPrefix(end) {
                    current += end
                    index = script.index(index, offsetBy: end.count)
                    closing = nil
                    continue
                }
            } else if let opening = ["'", "\"", "--", "$$"].first(where: { rest.hasPrefix($0) }) {
                closing = opening == "--" ? "\n" : opening
                current += opening
                index = script.index(index, offsetBy: opening.count)
                continue
            } else if rest.first == ";" {
                statements.append(current)
                current = ""
                index = script.index(after: index)
                continue
            }
            current.append(script[index])
            index = script.index(after: index)
        }
        statements.append(current)
        return statements.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    static func bindings(_ values: [StoreValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            }
        }
        return bindings
    }
}
