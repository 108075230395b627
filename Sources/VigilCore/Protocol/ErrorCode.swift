/// A stable, machine-readable error code carried by `error` frames and HTTP error bodies.
/// It is a string wrapper rather than an enum so that an older client tolerates codes added later.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The code as it is written on the wire, such as `forbidden`.
    public let rawValue: String
    /// The code whose wire form is `rawValue`, known to this version or not.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code whose wire form is `rawValue`, known to this version or not.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The wire form, `rawValue`.
    public var description: String { rawValue }

    /// Decodes the code from a JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the code as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The frame is not JSON, or not a JSON object.
    public static let badJSON = ErrorCode("bad_json")
    /// A field is missing, has the wrong type or an invalid value.
    public static let badRequest = ErrorCode("bad_request")
    /// The `op` names no request this server knows.
    public static let unknownOp = ErrorCode("unknown_op")
    /// Binary frames are not part of the protocol.
    public static let binaryNotSupported = ErrorCode("binary_not_supported")
    /// No valid token: missing, malformed, forged or revoked.
    public static let unauthorized = ErrorCode("unauthorized")
    /// A request other than `hello` arrived before authentication.
    public static let helloRequired = ErrorCode("hello_required")
    /// `hello` on a connection that is already authenticated.
    public static let alreadyAuthenticated = ErrorCode("already_authenticated")
    /// The token's role or sites do not allow this topic or action.
    public static let forbidden = ErrorCode("forbidden")
    /// The topic string is not a valid topic (or pattern, for subscribe).
    public static let invalidTopic = ErrorCode("invalid_topic")
    /// No service owns the topic's kind.
    public static let unknownKind = ErrorCode("unknown_kind")
    /// The event type is not one the topic's service accepts.
    public static let unknownType = ErrorCode("unknown_type")
    /// The event data does not match what the type requires.
    public static let invalidData = ErrorCode("invalid_data")
    /// `since` or `history` used with a wildcard pattern.
    public static let exactTopicRequired = ErrorCode("exact_topic_required")
    /// `since` is past the topic's last event: the client's sequence numbers belong to another store.
    public static let sinceAhead = ErrorCode("since_ahead")
    /// The connection is not subscribed to this topic.
    public static let notSubscribed = ErrorCode("not_subscribed")
    /// Too many requests per second on this connection.
    public static let rateLimited = ErrorCode("rate_limited")
    /// The connection holds the most subscriptions allowed.
    public static let tooManySubscriptions = ErrorCode("too_many_subscriptions")
    /// The token holds the most connections allowed.
    public static let tooManyConnections = ErrorCode("too_many_connections")
    /// A per-site collection (rooms, zones, regions, ...) or a part of one (a zone's polygons, a
    /// polygon's vertices) is at its documented limit (docs/security.md); nothing was stored.
    public static let limitReached = ErrorCode("limit_reached")
    /// The message is larger than the server accepts.
    public static let tooLarge = ErrorCode("too_large")
    /// A named thing (site, token) does not exist.
    public static let notFound = ErrorCode("not_found")
    /// A thing with this id (a site) exists already.
    public static let alreadyExists = ErrorCode("already_exists")
    /// The command does not apply to the thing's current state (acknowledging a resolved alert).
    public static let invalidTransition = ErrorCode("invalid_transition")
    /// A swipe in a direction where the camera has no neighbour.
    public static let noNeighbour = ErrorCode("no_neighbour")
    /// A switch to a camera that is not a neighbour of the current one, without `jump`.
    public static let notANeighbour = ErrorCode("not_a_neighbour")
    /// Uploaded bytes that are not a whole JPEG, PNG or WebP image within the size limits.
    public static let invalidImage = ErrorCode("invalid_image")
    /// A flood marker whose position lies outside the boundary of its event (or of every open event).
    public static let outsideBoundary = ErrorCode("outside_boundary")
    /// A checkpoint QR code that is forged, altered or of another site.
    public static let invalidCheckpointCode = ErrorCode("invalid_checkpoint_code")
    /// The store could not commit (disk full, read-only database); nothing was stored.
    public static let storeUnavailable = ErrorCode("store_unavailable")
    /// The store could not tell whether a publish was committed (the connection to PostgreSQL broke
    /// with the commit on its way and the server could not be asked): it may have been stored,
    /// and if it was, subscribers get it. Read the topic's history before publishing it again.
    public static let commitUnknown = ErrorCode("commit_unknown")
    /// The server is shutting down.
    public static let shuttingDown = ErrorCode("shutting_down")
    /// An unexpected failure on the server; the server log has details.
    public static let `internal` = ErrorCode("internal")
}

/// A request refused with a code and a human sentence.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The refusal's code.
    public let code: ErrorCode
    /// A sentence saying what was wrong, for people; it often names the field (`data.severity ...`).
    public let message: String

    /// A refusal with `code` and the sentence `message`.
    public init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`, as logs and the command line show a refusal.
    public var description: String { "\(code.rawValue): \(message)" }
}
