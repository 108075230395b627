/// An event to append: the store gives it its `seq`.
public struct NewEvent: Sendable, Equatable {
    public var topic: String
    public var type: String
    public var ts: Int64
    public var from: String
    /// Canonical JSON text of the event's data.
    public var payload: String

    public init(topic: String, type: String, ts: Int64, from: String, payload: String) {
        self.topic = topic
        self.type = type
        self.ts = ts
        self.from = from
        self.payload = payload
    }
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
