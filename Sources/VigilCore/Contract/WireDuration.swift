/// A duration as the protocol takes it: text people type (`"30s"`, `"5m"`, `"1h30m"`) or a whole
/// number of milliseconds, kept as given so that it is sent back as it came.
public enum WireDuration: Sendable, Equatable, Codable {
    /// Text such as `"30s"` (`DurationText`).
    case text(String)
    /// Milliseconds.
    case milliseconds(Int64)

    /// Decodes a whole number of milliseconds or a text.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let milliseconds = try? value.decode(Int64.self) {
            self = .milliseconds(milliseconds)
        } else {
            self = .text(try value.decode(String.self))
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
