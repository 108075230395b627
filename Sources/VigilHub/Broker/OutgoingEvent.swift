import NIOCore
import VigilCore
import VigilStore

/// An event ready to fan out: its frame is encoded once and the same bytes go to every subscriber.
public struct OutgoingEvent: Sendable {
    public let topic: Topic
    /// Nil for ephemeral kinds.
    public let seq: UInt64?
    public let frame: ByteBuffer

    public init(topic: Topic, seq: UInt64?, frame: ByteBuffer) {
        self.topic = topic
        self.seq = seq
        self.frame = frame
    }

    /// The frame of an event that is not stored: no `seq`, no `epoch`.
    public init(ephemeral event: NewEvent, topic: Topic) {
        self.init(topic: topic, seq: nil, frame: ByteBuffer(string: ServerFrame.event(
            topic: event.topic, seq: nil, type: event.type, ts: event.ts, from: event.from, epoch: nil, dataJSON: event.payload)))
    }

    /// The frame of a stored event.
    public init(stored event: StoredEvent, topic: Topic, epoch: String) {
        self.init(topic: topic, seq: event.seq, frame: ByteBuffer(string: event.frame(epoch: epoch)))
    }
}

extension StoredEvent {
    /// The `event` frame a client receives for this stored event.
    func frame(epoch: String) -> String {
        ServerFrame.event(topic: topic, seq: seq, type: type, ts: ts, from: from, epoch: epoch, dataJSON: payload)
    }
}
