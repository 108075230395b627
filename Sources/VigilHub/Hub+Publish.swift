import VigilCore
import VigilStore

/// Publishing: validation once for every transport, then group commit (durable kinds) or fan-out.
extension Hub {
    /// A validated publish, ready to commit or fan out.
    public struct PreparedPublish: Sendable {
        let topic: Topic
        var event: NewEvent
        let durability: Durability
        let reply: [String: JSONValue]
        let committedReply: (@Sendable () -> [String: JSONValue])?
    }

    /// What a publisher is told when its event is accepted.
    public struct Accepted: Sendable, Equatable {
        public let topic: String
        public let seq: UInt64?
        public let ts: Int64
        /// The committed type and data, when the hub derived them (ids, times, the camera a swipe reached).
        public let derived: Derived?
        public let reply: [String: JSONValue]

        public struct Derived: Sendable, Equatable {
            public let type: String
            /// Canonical JSON text.
            public let payload: String
        }

        /// The fields of the `ok` a publisher receives, over WebSocket or HTTP.
        public func write(to writer: inout JSONWriter) {
            writer.field("topic", topic)
            if let seq { writer.field("seq", seq) }
            writer.field("ts", ts)
            if let derived {
                writer.field("type", derived.type)
                writer.key("data")
                writer.raw(derived.payload)
            }
            for (key, value) in reply.sorted(by: { $0.key < $1.key }) {
                writer.key(key)
                writer.value(value)
            }
        }
    }

    /// Checks the topic, the token's right to publish on it and the data, once, for every transport.
    public func prepare(identity: Identity, topic: String, type: String, data: JSONValue) async throws(ProtocolError) -> PreparedPublish {
        guard type.utf8.count <= ClientMessage.maxTypeLength else {
            throw ProtocolError(.badRequest, "field 'type' is longer than \(ClientMessage.maxTypeLength) bytes")
        }
        let topic = try Topic(topic)
        // Site-scoped kinds check that the site exists; a site created meanwhile is learnt here.
        await sites.learn(topic.scope)
        let validated = try services.command(identity, topic: topic, type: type, data: data)
        let durability = services.durability(of: topic.kind)
        let effect =
            validated.audited
            ? AuditedEffect(base: validated.effect, actor: identity.auditActor, site: services.site(of: topic)) : validated.effect
        let event = NewEvent(
            topic: topic.rawValue, type: validated.type, ts: clock.milliseconds(), from: identity.name, payload: validated.payload,
            effect: effect, logged: durability == .durable)
        return PreparedPublish(topic: topic, event: event, durability: durability, reply: validated.reply, committedReply: validated.committedReply)
    }

    /// Commits (durable kinds, and ephemeral events whose effect writes rows) and fans out;
    /// `completion` runs after the commit.
    public func publish(_ prepared: PreparedPublish, completion: @escaping @Sendable (Result<Accepted, ProtocolError>) -> Void) {
        guard prepared.durability == .durable || prepared.event.effect != nil else {
            let event = prepared.event
            bus.publish(OutgoingEvent(ephemeral: event, topic: prepared.topic))
            completion(.success(Accepted(topic: event.topic, seq: nil, ts: event.ts, derived: nil, reply: prepared.reply)))
            return
        }
        // An ephemeral event's answer carries no data: subscribers have it, the publisher sent it.
        let derives = prepared.event.effect != nil && prepared.durability == .durable
        commits.submit(prepared.event, topic: prepared.topic) { [logger] result in
            completion(
                result.map { stored in
                    Accepted(
                        topic: stored.topic, seq: stored.seq, ts: stored.ts,
                        derived: derives ? Accepted.Derived(type: stored.type, payload: stored.payload) : nil,
                        reply: prepared.reply.merging(prepared.committedReply?() ?? [:]) { $1 })
                }.mapError { error in
                    if let refusal = error as? ProtocolError { return refusal }
                    if let unknown = error as? StoreError, case .outcomeUnknown = unknown {
                        logger.error("publish perhaps stored", metadata: ["topic": "\(prepared.topic)", "error": "\(error)"])
                        return ProtocolError(unknown)
                    }
                    logger.error("publish not stored", metadata: ["topic": "\(prepared.topic)", "error": "\(error)"])
                    return ProtocolError(.storeUnavailable, "the event could not be stored; nothing was published")
                })
        }
    }

    /// Awaitable publish, for HTTP integrations and the domains' timers.
    public func publish(_ prepared: PreparedPublish) async throws(ProtocolError) -> Accepted {
        let result = await withCheckedContinuation { continuation in
            publish(prepared) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
