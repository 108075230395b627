import Foundation

/// JSON decoding and encoding shared by the JSON formats, with decoding errors turned into a
/// `FormatError` that names the field (`Cams[2].Cam_id`).
enum JSONFormat {
    static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, format: FormatError.Format, maxBytes: Int
    ) throws(FormatError) -> Value {
        guard data.count <= maxBytes else {
            throw FormatError(format, "document of \(data.count) bytes is over the limit of \(maxBytes)")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw formatError(error, format: format)
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(format, "\(error)")
        }
    }

    /// Pretty, key-sorted JSON so that the same value always gives the same bytes.
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every type written here encodes only strings, integers, finite numbers, arrays and objects.
        return try! encoder.encode(value)
    }

    /// A dotted path with array indices, e.g. `Cams[2].Cam_id`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func formatError(_ error: DecodingError, format: FormatError.Format) -> FormatError {
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return FormatError(format, field: field, "required field is missing")
        case .typeMismatch(let type, let context):
            return FormatError(format, field: nonEmpty(path(context.codingPath)), "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return FormatError(format, field: nonEmpty(path(context.codingPath)), "expected \(describe(type)), found null")
        case .dataCorrupted(let context):
            let message = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            return FormatError(format, field: nonEmpty(path(context.codingPath)), message)
        @unknown default:
            return FormatError(format, "\(error)")
        }
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a value of type \(type)"
        }
    }
}
