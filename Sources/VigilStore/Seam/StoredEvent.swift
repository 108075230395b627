/// An event to append: the store gives it its `seq`.
public struct NewEvent: Sendable {
    public var topic: String
    public var type: String
    public var ts: Int64
    public var from: String
    /// Canonical JSON text of the event's data.
    public var payload: String
    /// Domain rows to write in the same transaction, for a kind that keeps state (alerts, cameras, ...).
    public var effect: (any DomainEffect)?
    /// False for an ephemeral kind whose effect writes rows (detections): the rows commit with the
    /// batch, the event itself is not stored in the log and takes no `seq`.
    public var logged: Bool
    /// The `seq` the event takes on `topic` if it is stored: set by the store before the effect
    /// runs, so that rows can name the event that made them (a chat message's place in its room).
    public internal(set) var seq: UInt64 = 0

    public init(
        topic: String, type: String, ts: Int64, from: String, payload: String, effect: (any DomainEffect)? = nil, logged: Bool = true
    ) {
        self.topic = topic
        self.type = type
        self.ts = ts
        self.from = from
        self.payload = payload
        self.effect = effect
        self.logged = logged
    }
}

/// What became of one event of an appended batch.
public enum AppendOutcome: Sendable {
    /// Stored; `mirrors` are the same event committed on the further topics its effect named.
    case stored(StoredEvent, mirrors: [StoredEvent])
    /// Not logged (`NewEvent.logged` false): its effect's rows were committed; this is the event as
    /// the effect left it, to fan out without a `seq`.
    case written(NewEvent)
    /// Its effect refused it (an alert already acknowledged, a camera with no such neighbour):
    /// nothing of it was written.
    case refused(any EffectRefusal)
}

/// An event as committed to the log.
public struct StoredEvent: Sendable, Equatable {
    public var topic: String
    public var seq: UInt64
    public var type: String
    public var ts: Int64
    public var from: String
    public var payload: String

    public init(topic: String, seq: UInt64, type: String, ts: Int64, from: String, payload: String) {
        self.topic = topic
        self.seq = seq
        self.type = type
        self.ts = ts
        self.from = from
        self.payload = payload
    }
}
