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

    /// The service's own check, then the engine's: whatever the service allows, a topic of a site
    /// is read only by a token that covers the site (`TopicService.site(of:)`).
    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        guard pattern.kind == Self.presenceKind else {
            let service = try service(for: pattern.kind)
            try service.authorizeRead(identity, pattern)
            return try requireSite(of: pattern.segments, in: service, coveredBy: identity)
        }
        guard let watched = try? TopicPattern(pattern.segments.dropFirst().joined(separator: "/")) else {
            throw ProtocolError(.invalidTopic, "presence topics are presence/{topic}, e.g. presence/notice/hq")
        }
        guard watched.kind != Self.presenceKind else {
            throw ProtocolError(.invalidTopic, "presence of presence is not kept")
        }
        try authorizeRead(identity, watched)
    }

    private func requireSite(of segments: [String], in service: any TopicService, coveredBy identity: Identity) throws(ProtocolError) {
        guard let site = service.site(of: segments), !identity.covers(site: site) else { return }
        throw ProtocolError(
            .forbidden,
            site == "+"
                ? "only a token for every site may read across sites; read each of your sites"
                : "the token does not cover site \(site)")
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

    /// The site `topic` belongs to (`TopicService.site(of:)`), nil for a topic of no site.
    func site(of topic: Topic) -> String? {
        services[topic.kind]?.site(of: topic.segments)
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        guard let service = services[topic.kind] else { return nil }
        return try await service.snapshot(of: topic, for: reader)
    }

    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        guard topic.kind != Self.presenceKind else {
            throw ProtocolError(.unknownType, "presence answers no queries; subscribe to it")
        }
        let service = try service(for: topic.kind)
        try requireSite(of: topic.segments, in: service, coveredBy: identity)
        return try await service.query(identity, topic: topic, type: type, data: data)
    }
}
