import NIOCore
import VigilCore
import VigilStore

/// An event ready to fan out: its frame is encoded once and the same frame (bytes, and the
/// compressed form the first connection that compresses makes) goes to every subscriber.
public struct OutgoingEvent: Sendable {
    public let topic: Topic
    /// Nil for ephemeral kinds.
    public let seq: UInt64?
    public let frame: OutboundFrame
    /// The stored event and its store's epoch, for the views that show it otherwise (`TopicView`).
    public let stored: StoredEvent?
    public let epoch: String?

    public init(topic: Topic, seq: UInt64?, frame: ByteBuffer) {
        self.topic = topic
        self.seq = seq
        self.frame = OutboundFrame(frame)
        stored = nil
        epoch = nil
    }

    /// The frame of an event that is not stored: no `seq`, no `epoch`.
    public init(ephemeral event: NewEvent, topic: Topic) {
        self.init(
            topic: topic, seq: nil,
            frame: ByteBuffer(
                string: ServerFrame.event(
                    topic: event.topic, seq: nil, type: event.type, ts: event.ts, from: event.from, epoch: nil, dataJSON: event.payload)))
    }

    /// The frame of a stored event.
    public init(stored event: StoredEvent, topic: Topic, epoch: String) {
        self.topic = topic
        seq = event.seq
        frame = OutboundFrame(string: event.frame(epoch: epoch))
        stored = event
        self.epoch = epoch
    }
}

extension StoredEvent {
    /// The `event` frame a client receives for this stored event.
    func frame(epoch: String) -> String {
        ServerFrame.event(topic: topic, seq: seq, type: type, ts: ts, from: from, epoch: epoch, dataJSON: payload)
    }

    /// The frame of this event as a view shows it, on the view's topic: nil when it leaves it out.
    func frame(through view: any TopicView, on topic: Topic, epoch: String) -> String? {
        guard let data = try? JSONValue(parsing: Array(payload.utf8)), let shown = view.select(type: type, data: data) else { return nil }
        return ServerFrame.event(topic: topic.rawValue, seq: seq, type: type, ts: ts, from: from, epoch: epoch, dataJSON: shown.canonicalText)
    }
}
