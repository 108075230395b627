import VigilCore

/// The registered domains' services by kind, and presence, which is the engine's own: its readers
/// are those who may read the topic it watches, and only the server writes it.
struct ServiceRegistry: Sendable {
    private static let presenceKind = PresenceTracker.kind
    private let services: [String: any TopicService]

    /// Two services claiming one kind is a programming error, caught at startup.
    init(_ services: [any TopicService]) {
        self.services = Dictionary(services.map { ($0.kind, $0) }) { first, second in
            preconditionFailure("two services claim the topic kind \(first.kind)")
        }
    }

    func service(for kind: String) throws(ProtocolError) -> any TopicService {
        guard let service = services[kind] else {
            throw ProtocolError(.unknownKind, "no topic kind \"\(kind)\"")
        }
        return service
    }

    func durability(of kind: String) -> Durability {
        kind == Self.presenceKind ? .ephemeral : services[kind]?.durability ?? .ephemeral
    }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        guard pattern.kind == Self.presenceKind else {
            return try service(for: pattern.kind).authorizeRead(identity, pattern)
        }
        guard let watched = try? TopicPattern(pattern.segments.dropFirst().joined(separator: "/")) else {
            throw ProtocolError(.invalidTopic, "presence topics are presence/{topic}, e.g. presence/notice/hq")
        }
        guard watched.kind != Self.presenceKind else {
            throw ProtocolError(.invalidTopic, "presence of presence is not kept")
        }
        try service(for: watched.kind).authorizeRead(identity, watched)
    }

    /// The view an exact topic is (`TopicView`), nil for a topic of its own events.
    func view(of topic: Topic) throws(ProtocolError) -> (any TopicView)? {
        guard topic.kind != Self.presenceKind else { return nil }
        return try service(for: topic.kind).view(of: topic)
    }

    /// The cells an event touches, for the broker's views.
    func cells(ofEvent type: String, data: JSONValue, on topic: Topic) -> [Int64] {
        services[topic.kind]?.cells(ofEvent: type, data: data, on: topic) ?? []
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        guard topic.kind != Self.presenceKind else {
            throw ProtocolError(.forbidden, "presence is kept by the server; subscribe to a topic to be present on it")
        }
        return try service(for: topic.kind).command(identity, topic: topic, type: type, data: data)
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        guard let service = services[topic.kind] else { return nil }
        return try await service.snapshot(of: topic, for: reader)
    }

    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        guard topic.kind != Self.presenceKind else {
            throw ProtocolError(.unknownType, "presence answers no queries; subscribe to it")
        }
        return try await service(for: topic.kind).query(identity, topic: topic, type: type, data: data)
    }
}
