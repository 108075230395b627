import NIOCore
import VigilCore
import VigilStore

/// Publishing: validation once for every transport, then group commit (durable kinds) or fan-out.
extension Hub {
    /// A validated publish, ready to commit or fan out.
    public struct PreparedPublish: Sendable {
        let topic: Topic
        let event: NewEvent
        let durability: Durability
    }

    /// What a publisher is told when its event is accepted.
    public struct Accepted: Sendable, Equatable {
        public let topic: String
        public let seq: UInt64?
        public let ts: Int64
    }

    /// Checks the topic, the token's right to publish on it and the data, once, for every transport.
    public func prepare(identity: Identity, topic: String, type: String, data: JSONValue) throws(ProtocolError) -> PreparedPublish {
        guard type.utf8.count <= ClientMessage.maxTypeLength else {
            throw ProtocolError(.badRequest, "field 'type' is longer than \(ClientMessage.maxTypeLength) bytes")
        }
        let topic = try Topic(topic)
        let validated = try services.command(identity, topic: topic, type: type, data: data)
        let event = NewEvent(topic: topic.rawValue, type: validated.type, ts: currentMilliseconds(), from: identity.name, payload: validated.payload)
        return PreparedPublish(topic: topic, event: event, durability: services.durability(of: topic.kind))
    }

    /// Commits (durable kinds) and fans out; `completion` runs after the commit.
    public func publish(_ prepared: PreparedPublish, completion: @escaping @Sendable (Result<Accepted, ProtocolError>) -> Void) {
        guard prepared.durability == .durable else {
            let event = prepared.event
            broker.fanout(OutgoingEvent(topic: prepared.topic, seq: nil, frame: ByteBuffer(string: ServerFrame.event(
                topic: event.topic, seq: nil, type: event.type, ts: event.ts, from: event.from, epoch: nil, dataJSON: event.payload))))
            completion(.success(Accepted(topic: event.topic, seq: nil, ts: event.ts)))
            return
        }
        commits.submit(prepared.event, topic: prepared.topic) { [logger] result in
            completion(result.map { Accepted(topic: $0.topic, seq: $0.seq, ts: $0.ts) }.mapError { error in
                logger.error("publish not stored", metadata: ["topic": "\(prepared.topic)", "error": "\(error)"])
                return ProtocolError(.storeUnavailable, "the event could not be stored; nothing was published")
            })
        }
    }

    /// Awaitable publish for HTTP integrations.
    public func publish(_ prepared: PreparedPublish) async throws(ProtocolError) -> Accepted {
        let result = await withCheckedContinuation { continuation in
            publish(prepared) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
