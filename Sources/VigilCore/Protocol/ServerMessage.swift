/// A frame from the server as a client decodes it.
public enum ServerMessage: Sendable, Equatable {
    /// The hub's `welcome`, once the connection is authenticated.
    case welcome(Welcome)
    /// An event of a subscription.
    case event(Event)
    /// `ok` answering `ref`, with every field of the frame.
    case ok(ref: String?, fields: [String: JSONValue])
    /// A refusal answering `ref` (nil when the hub reports a problem no request caused).
    case error(ref: String?, ProtocolError)
    /// Reserved: events `from` to `to` (inclusive) of `topic` are no longer stored; the hub never sends it today.
    case gap(topic: String, from: UInt64, to: UInt64)

    /// Decodes a text frame from the hub; throws `bad_json` for a frame that is not a JSON object and `bad_request`
    /// for an unknown `op` or a missing or mistyped field.
    public static func decode(_ text: some StringProtocol) throws(ProtocolError) -> ServerMessage {
        guard let value = try? JSONValue(parsing: text), case .object(let fields) = value else {
            throw ProtocolError(.badJSON, "the server sent a frame that is not a JSON object")
        }
        let reader = FieldReader(fields: fields)
        switch try reader.string("op", maxLength: 32) {
        case "welcome":
            let limits = fields["limits"] ?? .object([:])
            return .welcome(
                Welcome(
                    session: try reader.string("session", maxLength: 128),
                    user: try reader.string("user", maxLength: 256),
                    token: try reader.optionalString("token", maxLength: 128),
                    role: try Role(rawValue: reader.string("role", maxLength: 32)).orThrow(.badRequest, "unknown role"),
                    sites: (fields["sites"]?.arrayValue ?? []).compactMap(\.stringValue),
                    epoch: try reader.string("epoch", maxLength: 128),
                    server: try reader.string("server", maxLength: 128),
                    limits: SessionLimits(
                        maxFrameBytes: Int(limits["maxFrameBytes"]?.numberValue ?? 0),
                        maxSubscriptions: Int(limits["maxSubscriptions"]?.numberValue ?? 0),
                        messagesPerSecond: Int(limits["messagesPerSecond"]?.numberValue ?? 0)
                    )
                ))
        case "event":
            return .event(
                Event(
                    topic: try reader.string("topic", maxLength: ClientMessage.maxTopicLength),
                    seq: try reader.optionalSequence("seq"),
                    type: try reader.string("type", maxLength: 64),
                    ts: Int64(try reader.optionalSequence("ts") ?? 0),
                    from: try reader.optionalString("from", maxLength: 256) ?? "",
                    epoch: try reader.optionalString("epoch", maxLength: 128),
                    data: fields["data"] ?? .null
                ))
        case "ok":
            return .ok(ref: try reader.optionalString("ref", maxLength: ClientMessage.maxRefLength), fields: fields)
        case "error":
            return .error(
                ref: try reader.optionalString("ref", maxLength: ClientMessage.maxRefLength),
                ProtocolError(ErrorCode(try reader.string("code", maxLength: 64)), try reader.optionalString("message", maxLength: 4096) ?? "")
            )
        case "gap":
            return .gap(
                topic: try reader.string("topic", maxLength: ClientMessage.maxTopicLength),
                from: try reader.optionalSequence("from") ?? 0,
                to: try reader.optionalSequence("to") ?? 0
            )
        case let op:
            throw ProtocolError(.unknownOp, "the server sent an unknown op \"\(op.prefix(32))\"")
        }
    }
}

extension Optional {
    func orThrow(_ code: ErrorCode, _ message: String) throws(ProtocolError) -> Wrapped {
        guard let self else { throw ProtocolError(code, message) }
        return self
    }
}
