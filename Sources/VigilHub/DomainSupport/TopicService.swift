import VigilCore
import VigilStore

/// Whether a kind's events are stored (and numbered) or only fanned out.
public enum Durability: Sendable {
    case durable
    case ephemeral
}

/// A publish that passed its service's checks: the event type and its data as canonical JSON, and
/// for a kind that keeps state, the effect that decides the transition and writes its rows in the
/// event's transaction.
public struct ValidatedEvent: Sendable {
    public var type: String
    public var payload: String
    public var effect: (any DomainEffect)?
    /// Fields for the publisher's `ok` alone, never broadcast (a new checkpoint's signed QR code).
    public var reply: [String: JSONValue]
    /// Fields of the `ok` that only the commit knows (how many of a batch's rows the effect kept):
    /// read once the event is committed, and written over `reply`. The effect sets what this reads.
    public var committedReply: (@Sendable () -> [String: JSONValue])?
    /// An administrative change or an operator's decision (an alert acknowledged, a report
    /// approved): the engine keeps who made it, when and from where in the audit trail, written in
    /// the event's own transaction.
    public var audited: Bool

    public init(
        type: String, payload: JSONValue, effect: (any DomainEffect)? = nil, reply: [String: JSONValue] = [:],
        committedReply: (@Sendable () -> [String: JSONValue])? = nil, audited: Bool = false
    ) {
        self.type = type
        self.payload = payload.canonicalText
        self.effect = effect
        self.reply = reply
        self.committedReply = committedReply
        self.audited = audited
    }
}

/// A topic's state as of its event `head`: what a client subscribing without `since` is sent first,
/// before the live events after `head`.
public struct TopicSnapshot: Sendable {
    public var head: UInt64
    public var data: [String: JSONValue]

    public init(head: UInt64, data: [String: JSONValue]) {
        self.head = head
        self.data = data
    }
}

/// The owner of one topic kind: who may read it, and what a publish on it may say.
/// Validation happens here, once; past it the event is trusted.
public protocol TopicService: Sendable {
    var kind: String { get }
    var durability: Durability { get }
    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError)
    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent
    /// The topic's current state as `reader` may see it, for kinds that keep one (open alerts, the
    /// camera wall, a chat room with the reader's own read marker); nil for the others.
    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot?
    /// Answers a `query`: request/response work on `topic` that publishes nothing (a search, an ROI
    /// query). The service checks the reader's right to ask, as it does for a subscription.
    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue
    /// The view an exact topic of this kind is, when it reads another topic (`TopicView`); nil for
    /// a topic of its own events. Refusing says the topic is malformed.
    func view(of topic: Topic) throws(ProtocolError) -> (any TopicView)?
    /// The cells of the views' index that an event of `topic` touches; asked only while views of
    /// the topic are subscribed.
    func cells(ofEvent type: String, data: JSONValue, on topic: Topic) -> [Int64]
    /// The site a topic of this kind belongs to, read from its segments (`+` where a pattern has
    /// one): the engine lets only a token that covers that site read the topic, by any path
    /// (subscribe, `history`, state, `query`, HTTP). Nil for a kind whose topics belong to no site,
    /// such as places anyone may follow. By default the scope: `kind/{site}[/...]`.
    func site(of segments: [String]) -> String?
}

extension TopicService {
    public func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? { nil }

    public func view(of topic: Topic) throws(ProtocolError) -> (any TopicView)? { nil }

    public func cells(ofEvent type: String, data: JSONValue, on topic: Topic) -> [Int64] { [] }

    public func site(of segments: [String]) -> String? { segments.count > 1 ? segments[1] : nil }

    public func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        throw ProtocolError(.unknownType, "\(kind) topics answer no queries")
    }
}
