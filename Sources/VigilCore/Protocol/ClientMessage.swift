/// One request from a client: an operation and the `ref` the answer will carry.
public struct ClientMessage: Sendable, Equatable {
    /// The client's own id for the request, echoed by the answer (`ok` or `error`); at most 64 bytes; nil asks for an unreferenced answer.
    public var ref: String?
    /// What is asked.
    public var request: ClientRequest

    /// A request `request` whose answer will carry `ref`.
    public init(ref: String? = nil, _ request: ClientRequest) {
        self.ref = ref
        self.request = request
    }
}

/// The operations a client sends (docs/protocol.md §4), each with its fields.
public enum ClientRequest: Sendable, Equatable {
    /// Authenticates the connection with a hub token (§4.1); not needed after a bearer upgrade.
    case hello(token: String)
    /// Follows a topic or pattern (§4.2); `since` resumes an exact topic after that `seq`.
    case subscribe(topic: String, since: UInt64?)
    /// Stops following a topic, written as it was subscribed (§4.3).
    case unsubscribe(topic: String)
    /// Sends a command of `type` with its `data` to the topic's service (§4.4).
    case publish(topic: String, type: String, data: JSONValue)
    /// Pages back through the stored events of an exact topic before `before`, at most `limit` of them (§4.5).
    case history(topic: String, before: UInt64?, limit: Int?)
    /// Request/response work a topic kind answers without publishing (a search, an ROI query).
    case query(topic: String, type: String, data: JSONValue)
    /// Asks for an `ok` carrying the hub clock's `ts` (ms since 1970): a keep-alive, or a round-trip and clock check (§4.7).
    case ping

    /// The operation's name on the wire, the frame's `op`: `hello`, `subscribe`, ... `ping`.
    public var op: String {
        switch self {
        case .hello: "hello"
        case .subscribe: "subscribe"
        case .unsubscribe: "unsubscribe"
        case .publish: "publish"
        case .history: "history"
        case .query: "query"
        case .ping: "ping"
        }
    }
}

extension ClientMessage {
    /// The longest `ref` the hub accepts, in bytes.
    public static let maxRefLength = 64
    /// The longest event `type` the hub accepts, in bytes.
    public static let maxTypeLength = 64
    /// The longest valid topic: 8 segments of 64 bytes and their separators.
    public static let maxTopicLength = Topic.maxSegments * Topic.maxSegmentLength + Topic.maxSegments - 1

    /// Decodes a text frame. Unknown fields are ignored; a missing or mistyped field is a
    /// `bad_request` naming the field. When the frame carried a usable `ref`, the error carries it too.
    public static func decode(_ text: some StringProtocol) -> Result<ClientMessage, DecodeFailure> {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            return .failure(DecodeFailure(ref: nil, error: ProtocolError(.badJSON, "the frame is not valid JSON")))
        }
        guard case .object(let fields) = value else {
            return .failure(DecodeFailure(ref: nil, error: ProtocolError(.badJSON, "a request is a JSON object")))
        }
        let reader = FieldReader(fields: fields)
        let ref: String?
        do {
            ref = try reader.optionalString("ref", maxLength: maxRefLength)
        } catch {
            return .failure(DecodeFailure(ref: nil, error: error))
        }
        do {
            return .success(ClientMessage(ref: ref, try request(from: reader)))
        } catch {
            return .failure(DecodeFailure(ref: ref, error: error))
        }
    }

    private static func request(from reader: FieldReader) throws(ProtocolError) -> ClientRequest {
        let op = try reader.string("op", maxLength: 32)
        switch op {
        case "hello":
            return .hello(token: try reader.string("token", maxLength: 256))
        case "subscribe":
            return .subscribe(topic: try reader.string("topic", maxLength: maxTopicLength), since: try reader.optionalSequence("since"))
        case "unsubscribe":
            return .unsubscribe(topic: try reader.string("topic", maxLength: maxTopicLength))
        case "publish", "query":
            let topic = try reader.string("topic", maxLength: maxTopicLength)
            let type = try reader.string("type", maxLength: maxTypeLength)
            let data = reader.fields["data"] ?? .object([:])
            return op == "publish" ? .publish(topic: topic, type: type, data: data) : .query(topic: topic, type: type, data: data)
        case "history":
            return .history(
                topic: try reader.string("topic", maxLength: maxTopicLength),
                before: try reader.optionalSequence("before"),
                limit: try reader.optionalSequence("limit").map { Int(clamping: $0) }
            )
        case "ping":
            return .ping
        default:
            throw ProtocolError(.unknownOp, "unknown op \"\(op.prefix(32))\"")
        }
    }

    /// The frame as a client sends it.
    public func encoded() -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("op", request.op)
        if let ref { writer.field("ref", ref) }
        switch request {
        case .hello(let token):
            writer.field("token", token)
        case .subscribe(let topic, let since):
            writer.field("topic", topic)
            if let since { writer.field("since", since) }
        case .unsubscribe(let topic):
            writer.field("topic", topic)
        case .publish(let topic, let type, let data), .query(let topic, let type, let data):
            writer.field("topic", topic)
            writer.field("type", type)
            writer.key("data")
            writer.value(data)
        case .history(let topic, let before, let limit):
            writer.field("topic", topic)
            if let before { writer.field("before", before) }
            if let limit { writer.field("limit", limit) }
        case .ping:
            break
        }
        writer.endObject()
        return writer.text
    }
}

/// A request that could not be decoded, with the `ref` to answer when one was readable.
public struct DecodeFailure: Error, Sendable, Equatable {
    /// The `ref` of the request, when it could be read; the error frame carries it.
    public let ref: String?
    /// Why the request was refused (`bad_json`, `bad_request`, `unknown_op`).
    public let error: ProtocolError
}

/// Reads typed fields from a decoded JSON object with errors that name the field.
struct FieldReader {
    let fields: [String: JSONValue]

    func string(_ name: String, maxLength: Int) throws(ProtocolError) -> String {
        guard let value = try optionalString(name, maxLength: maxLength) else {
            throw ProtocolError(.badRequest, "field '\(name)' is required")
        }
        return value
    }

    func optionalString(_ name: String, maxLength: Int) throws(ProtocolError) -> String? {
        switch fields[name] {
        case nil, .null?:
            return nil
        case .string(let value)?:
            guard value.utf8.count <= maxLength else {
                throw ProtocolError(.badRequest, "field '\(name)' is longer than \(maxLength) bytes")
            }
            return value
        default:
            throw ProtocolError(.badRequest, "field '\(name)' must be a string")
        }
    }

    /// A non-negative integer (sequence numbers, limits).
    func optionalSequence(_ name: String) throws(ProtocolError) -> UInt64? {
        switch fields[name] {
        case nil, .null?:
            return nil
        case .number(let value)?:
            guard value >= 0, value == value.rounded(), value < 9_007_199_254_740_992 else {
                throw ProtocolError(.badRequest, "field '\(name)' must be a non-negative integer")
            }
            return UInt64(value)
        default:
            throw ProtocolError(.badRequest, "field '\(name)' must be a non-negative integer")
        }
    }
}
