/// One event as a client receives it: `{topic, seq, type, ts, from, epoch, data}`.
/// `seq` counts per topic from 1 and is absent for ephemeral kinds (presence); `ts` is milliseconds
/// since the Unix epoch; `epoch` names the store, so a client can tell a reset store from a gap.
public struct Event: Sendable, Equatable {
    public var topic: String
    public var seq: UInt64?
    public var type: String
    public var ts: Int64
    public var from: String
    public var epoch: String?
    public var data: JSONValue

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
