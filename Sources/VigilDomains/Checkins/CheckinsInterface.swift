import VigilCore
import VigilHub
import VigilStore

// What other domains may hang on check-ins: the check-in domain's published interface. The push
// domain is told, in the commit that raises its alert, of each missed round, so that the phones of
// the guard whose round it is hear of it.

/// What other domains hang on check-ins, one per hub: watchers told of every missed round.
public typealias CheckpointFeed = WatcherList<any CheckpointWatcher>

/// A missed round as other domains hear of it.
public struct MissedRound: Sendable {
    /// The site of the checkpoint.
    public var site: String
    /// The checkpoint's id.
    public var checkpoint: String
    /// The checkpoint's name, such as "Gate B".
    public var checkpointName: String
    /// The patrol interval that passed without a check-in, in milliseconds.
    public var everyMs: Int64
    /// The guard whose round it is (a guard's token name within the site); nil when nobody is assigned.
    public var assignedGuard: String?
    /// The `missed-checkpoint` alert raised for it.
    public var alert: Alert
}

/// A domain told of missed rounds, inside the commits that raise their alerts.
public protocol CheckpointWatcher: Sendable {
    /// `round` was missed, noticed at `time`. Throwing fails the commit.
    func missed(_ round: MissedRound, at time: Int64, in transaction: any DomainTransaction) throws
}
