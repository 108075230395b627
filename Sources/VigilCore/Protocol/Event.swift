/// One event as a client receives it: `{topic, seq, type, ts, from, epoch, data}`.
/// `seq` counts per topic from 1 and is absent for ephemeral kinds (presence); `ts` is milliseconds
/// since the Unix epoch; `epoch` names the store, so a client can tell a reset store from a gap.
public struct Event: Sendable, Equatable {
    /// The event's exact topic, such as `alerts/hq`.
    public var topic: String
    /// The event's place in its topic, counted from 1; nil for ephemeral kinds (presence, typing) and detection batches.
    public var seq: UInt64?
    /// The event's type, such as `alert.raised` or `notice`.
    public var type: String
    /// When the hub stored (or, for ephemeral kinds, sent) it, in milliseconds since 1970.
    public var ts: Int64
    /// The name of the token that published it; `vigil` for events the hub makes.
    public var from: String
    /// The id of the store that keeps the topic's events; when it changes, old `seq` numbers mean nothing.
    /// Nil for ephemeral kinds.
    public var epoch: String?
    /// The event's payload, whose shape its type gives (see the typed contract, such as `AlertChanged`).
    public var data: JSONValue

    /// An event with each of its fields.
    public init(topic: String, seq: UInt64?, type: String, ts: Int64, from: String, epoch: String?, data: JSONValue) {
        self.topic = topic
        self.seq = seq
        self.type = type
        self.ts = ts
        self.from = from
        self.epoch = epoch
        self.data = data
    }
}
