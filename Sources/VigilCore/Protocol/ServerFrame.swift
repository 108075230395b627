/// Builds the frames the server sends. Each returns the frame's JSON text; an event is built once
/// and the same bytes go to every subscriber.
public enum ServerFrame {
    /// An event whose payload is already canonical JSON text (`dataJSON`), spliced in as is.
    public static func event(
        topic: String, seq: UInt64?, type: String, ts: Int64, from: String, epoch: String?, dataJSON: String
    ) -> String {
        var writer = JSONWriter(capacity: 96 + topic.utf8.count + dataJSON.utf8.count)
        writer.beginObject()
        writer.field("op", "event")
        writer.field("topic", topic)
        if let seq { writer.field("seq", seq) }
        writer.field("type", type)
        writer.field("ts", ts)
        writer.field("from", from)
        if let epoch { writer.field("epoch", epoch) }
        writer.key("data")
        writer.raw(dataJSON)
        writer.endObject()
        return writer.text
    }

    /// `ok` answering `ref`; `body` writes any further fields.
    public static func ok(ref: String?, body: (inout JSONWriter) -> Void = { _ in }) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("op", "ok")
        writer.field("ref", ref)
        body(&writer)
        writer.endObject()
        return writer.text
    }

    /// `error` answering `ref` (null when it answers no request) with the refusal's code and message.
    public static func error(ref: String?, _ error: ProtocolError) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("op", "error")
        writer.field("ref", ref)
        writer.field("code", error.code.rawValue)
        writer.field("message", error.message)
        writer.endObject()
        return writer.text
    }

    /// The events between `from` and `to` (inclusive) are no longer stored; reload state.
    public static func gap(topic: String, from: UInt64, to: UInt64) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("op", "gap")
        writer.field("topic", topic)
        writer.field("from", from)
        writer.field("to", to)
        writer.endObject()
        return writer.text
    }

    /// `ref` is the `hello`'s, when authentication came by `hello`.
    public static func welcome(_ welcome: Welcome, ref: String? = nil) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("op", "welcome")
        if let ref { writer.field("ref", ref) }
        writer.field("session", welcome.session)
        writer.field("user", welcome.user)
        if let token = welcome.token { writer.field("token", token) }
        writer.field("role", welcome.role.rawValue)
        writer.key("sites")
        writer.beginArray()
        for site in welcome.sites { writer.string(site) }
        writer.endArray()
        writer.field("epoch", welcome.epoch)
        writer.field("server", welcome.server)
        writer.key("limits")
        writer.beginObject()
        writer.field("maxFrameBytes", welcome.limits.maxFrameBytes)
        writer.field("maxSubscriptions", welcome.limits.maxSubscriptions)
        writer.field("messagesPerSecond", welcome.limits.messagesPerSecond)
        writer.endObject()
        writer.endObject()
        return writer.text
    }
}

/// What a client learns when it is authenticated.
public struct Welcome: Sendable, Equatable {
    /// This connection's id, `s_…`.
    public var session: String
    /// The token's name; it is the `from` of what this connection publishes.
    public var user: String
    /// The id of the token this connection signed in with, as `GET /api/tokens` lists it (a page finds
    /// its own token among several of the same name by it); nil from a hub older than this field.
    public var token: String?
    /// The token's role, which decides what it may read and do (docs/protocol.md §7).
    public var role: Role
    /// The sites the token may see; `["*"]` for every site.
    public var sites: [String]
    /// The id of the hub's store; a new epoch means old `seq` numbers mean nothing (§8).
    public var epoch: String
    /// The hub's name and version, such as `vigil/0.1`.
    public var server: String
    /// What this connection may send and hold.
    public var limits: SessionLimits

    /// A welcome with each of its fields, as the hub sends it.
    public init(
        session: String, user: String, token: String?, role: Role, sites: [String], epoch: String, server: String, limits: SessionLimits
    ) {
        self.session = session
        self.user = user
        self.token = token
        self.role = role
        self.sites = sites
        self.epoch = epoch
        self.server = server
        self.limits = limits
    }
}

/// The bounds a connection works within, announced in `welcome`.
public struct SessionLimits: Sendable, Equatable {
    /// The largest frame the hub accepts from this connection, in bytes.
    public var maxFrameBytes: Int
    /// How many subscriptions this connection may hold at once.
    public var maxSubscriptions: Int
    /// How many requests a second the connection may send before it gets `rate_limited`.
    public var messagesPerSecond: Int

    /// Limits with each of their bounds.
    public init(maxFrameBytes: Int, maxSubscriptions: Int, messagesPerSecond: Int) {
        self.maxFrameBytes = maxFrameBytes
        self.maxSubscriptions = maxSubscriptions
        self.messagesPerSecond = messagesPerSecond
    }
}
