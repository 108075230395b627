/// A duration as the protocol takes it: text people type (`"30s"`, `"5m"`, `"1h30m"`) or a whole
/// number of milliseconds, kept as given so that it is sent back as it came.
public enum WireDuration: Sendable, Equatable, Codable {
    /// Text such as `"30s"` (`DurationText`).
    case text(String)
    /// Milliseconds.
    case milliseconds(Int64)

    /// Decodes a whole number of milliseconds or a text; anything else is refused naming the field.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let milliseconds = try? value.decode(Int64.self) {
            self = .milliseconds(milliseconds)
        } else if let text = try? value.decode(String.self) {
            self = .text(text)
        } else {
            throw DecodingError.dataCorruptedError(in: value, debugDescription: "must be a duration such as \"30m\" or milliseconds")
        }
    }

    /// Encodes the text or the number, as given.
    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .text(let text): try value.encode(text)
        case .milliseconds(let milliseconds): try value.encode(milliseconds)
        }
    }
}
