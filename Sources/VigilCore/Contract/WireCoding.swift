import Foundation

// The typed contract (`Contract/`, a folder per domain) is one `Codable` definition of each wire
// shape that the hub's domains and `VigilClient` both use. These helpers carry those types to and
// from the `JSONValue`s of the protocol's envelope, where the hub's own JSON reader left them.

extension JSONValue {
    /// Decodes `T` from this value. A shape that does not fit is `invalid_data` naming the field,
    /// under `field` (`data`, or `data.attachments`), and saying what it must be.
    public func decode<T: Decodable>(_ type: T.Type, field: String = "data") throws(ProtocolError) -> T {
        do {
            return try JSONValueDecoder.decode(T.self, from: self)
        } catch let error as DecodingError {
            throw Self.refusal(of: error, under: field)
        } catch {
            throw ProtocolError(.invalidData, "\(field) is not of the form docs/protocol.md gives")
        }
    }

    /// The protocol's refusal of a value a decoder found wrong under `field`.
    static func refusal(of error: DecodingError, under field: String) -> ProtocolError {
        ProtocolError(.invalidData, sentence(for: error, under: field))
    }

    /// The value `value` encodes to: what `JSONEncoder`'s text of it reads as, made without the text.
    public init(encoding value: some Encodable) throws {
        self = try JSONValueEncoder.encode(value)
    }

    /// "data.attachments[0].source.kind must be text": where a decoding went wrong, in the protocol's words.
    private static func sentence(for error: DecodingError, under field: String) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(field) { path, key in key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)" }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is required"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) must be \(Self.kind(of: type))"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)) \(context.debugDescription)"
        @unknown default:
            return "\(field) is not of the form docs/protocol.md gives"
        }
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt64.Type: "a whole number"
        case is Double.Type: "a number"
        case is [Any].Type: "a list"
        default: "an object"
        }
    }
}

extension KeyedDecodingContainer {
    /// Refuses the value of `key` with `sentence`, which completes "data.{key} ..." (`must be ...`).
    func refuse(_ key: Key, _ sentence: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: sentence)
    }

    /// The whole number under `key`, nil when absent or null. A number with a fraction is refused
    /// naming `key`: the decoder's own refusal of `2.5` for an `Int` names no field.
    func decodeWholeIfPresent<Number: BinaryInteger & Decodable>(_ type: Number.Type, forKey key: Key) throws -> Number? {
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard let whole = Number(exactly: number) else { throw refuse(key, "must be a whole number") }
        return whole
    }

    /// The case of `Choice` under `key`, nil when absent or null; another word is refused naming
    /// `key` and the words it may be (`data.order must be one of intensity, time`).
    func decodeChoiceIfPresent<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type, forKey key: Key) throws -> Choice?
    where Choice.RawValue == String {
        guard let word = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let choice = Choice(rawValue: word) else {
            throw refuse(key, "must be one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return choice
    }

    /// The whole number under `key`, as `decodeWholeIfPresent` reads it; required.
    func decodeWhole<Number: BinaryInteger & Decodable>(_ type: Number.Type, forKey key: Key) throws -> Number {
        guard let whole = try decodeWholeIfPresent(type, forKey: key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "required"))
        }
        return whole
    }
}

extension JSONValue {
    /// The canonical text (`canonicalText`) of what `value` encodes to: an event's payload as the
    /// store keeps it.
    public static func canonicalText(of value: some Encodable) throws -> String {
        try JSONValue(encoding: value).canonicalText
    }
}

extension JSONValue {
    /// The fields of the object `value` encodes to: a state's or a command's reply. The contract's
    /// types encode without fail (they hold no value JSON cannot write), so nothing is lost here.
    public static func fields(of value: some Encodable) -> [String: JSONValue] {
        (try? JSONValue(encoding: value))?.objectValue ?? [:]
    }
}
