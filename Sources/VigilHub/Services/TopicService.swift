import VigilCore

/// Whether a kind's events are stored (and numbered) or only fanned out.
public enum Durability: Sendable {
    case durable
    case ephemeral
}

/// A publish that passed its service's checks: the event type and its data as canonical JSON.
public struct ValidatedEvent: Sendable, Equatable {
    public var type: String
    public var payload: String

    public init(type: String, payload: JSONValue) {
        self.type = type
        self.payload = payload.canonicalText
    }
}

/// The owner of one topic kind: who may read it, and what a publish on it may say.
/// Validation happens here, once; past it the event is trusted.
public protocol TopicService: Sendable {
    var kind: String { get }
    var durability: Durability { get }
    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError)
    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent
}
