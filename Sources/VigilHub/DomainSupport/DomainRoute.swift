import VigilCore
import VigilStore

/// An HTTP route a domain declares and the server mounts. The server authenticates the bearer
/// token, reads the body within its limit and turns a thrown `ProtocolError` into the HTTP error,
/// so a domain's route is only what is particular to it.
public struct DomainRoute: Sendable {
    public enum Method: Sendable {
        case get, post, put, delete
    }

    /// How much of the body the server reads before the handler runs.
    public enum Body: Sendable {
        case none
        /// Up to the hub's frame limit, as a WebSocket publish.
        case frameLimit
        case upTo(Int)
    }

    /// Who may call the route.
    public enum Access: Sendable {
        /// A bearer token is required.
        case token
        /// Anyone: a token, when sent, still names the requester; without one the requester is
        /// `Identity.anonymous`. The server limits such requests per address.
        case open
    }

    public let method: Method
    /// Hummingbird's syntax: `api/sites/:site/locations`.
    public let path: String
    public let body: Body
    public let access: Access
    /// Served too on the plain-HTTP listener kept for old clients (`--legacy-http-port`), which
    /// serves nothing else.
    public let legacy: Bool
    public let handle: @Sendable (RouteRequest) async throws(ProtocolError) -> RouteReply

    public init(
        _ method: Method, _ path: String, body: Body = .none, access: Access = .token, legacy: Bool = false,
        handle: @escaping @Sendable (RouteRequest) async throws(ProtocolError) -> RouteReply
    ) {
        self.method = method
        self.path = path
        self.body = body
        self.access = access
        self.legacy = legacy
        self.handle = handle
    }
}

/// One authenticated request to a domain route.
public struct RouteRequest: Sendable {
    public let identity: Identity
    public let parameters: [String: String]
    public let query: [String: String]
    public let body: [UInt8]
    /// `scheme://host[:port]` as the client addressed the hub, for addresses a reply gives out.
    public let origin: String
    /// Whether the client takes a gzip body (`Accept-Encoding`), for a route that offers one.
    public let acceptsGzip: Bool
    let hub: Hub

    public init(
        identity: Identity, parameters: [String: String], query: [String: String], body: [UInt8], origin: String, acceptsGzip: Bool = false,
        hub: Hub
    ) {
        self.identity = identity
        self.parameters = parameters
        self.query = query
        self.body = body
        self.origin = origin
        self.acceptsGzip = acceptsGzip
        self.hub = hub
    }

    /// A path parameter the route's path names.
    public func parameter(_ name: String) throws(ProtocolError) -> String {
        guard let value = parameters[name] else { throw ProtocolError(.badRequest, "missing path parameter \(name)") }
        return value
    }

    /// The body as JSON; `what` says what was expected, for the refusal.
    public func json(_ what: String) throws(ProtocolError) -> JSONValue {
        guard let value = try? JSONValue(parsing: body) else {
            throw ProtocolError(.badJSON, "the body must be \(what)")
        }
        return value
    }

    /// The body as a JSON object; `shape` says what was expected, for the refusal.
    public func jsonObject(_ shape: String) throws(ProtocolError) -> [String: JSONValue] {
        guard let fields = try json("a JSON object \(shape)").objectValue else {
            throw ProtocolError(.badJSON, "the body must be a JSON object \(shape)")
        }
        return fields
    }

    /// Refuses unless the requester may read `topic`, as a subscription to it would be checked.
    public func authorizeRead(_ topic: String) throws(ProtocolError) {
        try hub.authorizeRead(identity, topic: topic)
    }

    /// Answers a `query` on `topic` as the WebSocket path does, through the same checks.
    public func query(topic: String, type: String, data: JSONValue) async throws(ProtocolError) -> JSONValue {
        try await hub.answer(identity, query: try Topic(topic), type: type, data: data)
    }

    /// Runs a read of the store; its failure is logged and answered `store_unavailable`.
    public func read<T>(_ body: () async throws -> T) async throws(ProtocolError) -> T {
        try await hub.storeCall(body)
    }

    /// Checks an image as `POST /api/thumbnails` does, without storing it: a publish stores it (`publish(storing:)`).
    public func checkThumbnail(_ bytes: [UInt8]) throws(ProtocolError) -> Thumbnail {
        try hub.checkThumbnail(bytes)
    }

    /// Publishes as the requester, through the same checks as the WebSocket path; `thumbnails`, images
    /// sent with the event, are stored in its commit, so a refused event keeps none of them.
    public func publish(topic: String, type: String, data: JSONValue, storing thumbnails: [Thumbnail] = []) async throws(ProtocolError) -> RouteReply
    {
        .accepted(try await hub.publish(await hub.prepare(identity: identity, topic: topic, type: type, data: data).storing(thumbnails)))
    }
}

/// What a domain route answers.
public enum RouteReply: Sendable {
    /// 200 with this JSON.
    case json(JSONValue)
    /// 201 with this JSON: the request made something.
    case created(JSONValue)
    /// A publish was committed: the same `ok` as the WebSocket path.
    case accepted(Hub.Accepted)
    /// 200 with these bytes of this media type; with an entity tag, a request whose
    /// `If-None-Match` names it is answered 304 without a body. `coding` is nil for a document
    /// that has one form; for one offered plain and gzipped, which of the two these bytes are
    /// (the answer then varies by `Accept-Encoding`).
    case document([UInt8], contentType: String, etag: String?, coding: ContentCoding? = nil)

    /// 200 with `answer`, a type of the contract, as its JSON object.
    public static func json(encoding answer: some Encodable) -> RouteReply { .json(.object(JSONValue.fields(of: answer))) }

    /// 201 with `answer`, a type of the contract, as its JSON object.
    public static func created(encoding answer: some Encodable) -> RouteReply { .created(.object(JSONValue.fields(of: answer))) }
}

/// The two forms of a document offered compressed.
public enum ContentCoding: Sendable {
    case identity, gzip
}
