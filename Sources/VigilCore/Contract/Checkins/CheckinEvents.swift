/// A checkpoint of a guard's round (docs/protocol.md §6.5): checked in at by scanning its code,
/// due again `everyMs` after each check-in.
public struct Checkpoint: Sendable, Equatable, Codable {
    /// The checkpoint's id, given by the hub; its QR code names it.
    public var id: String
    /// The checkpoint's name, 1 to 100 characters, such as "Gate B".
    public var name: String
    /// The patrol interval in milliseconds, from 1 second to 30 days.
    public var everyMs: Int64
    /// When the next check-in is due, in milliseconds since 1970.
    public var dueAt: Int64
    /// When it was created, in milliseconds since 1970.
    public var createdAt: Int64
    /// When a guard last checked in there, in milliseconds since 1970; nil before the first check-in.
    public var lastCheckInAt: Int64?
    /// The token name of the guard who last checked in; nil before the first check-in.
    public var lastGuard: String?
    /// The guard whose round it is (a guard's token name within the site), whose phones hear of a
    /// missed round; nil when nobody is assigned.
    public var assignedGuard: String?

    /// A checkpoint as the hub stores it.
    public init(
        id: String, name: String, everyMs: Int64, dueAt: Int64, createdAt: Int64, lastCheckInAt: Int64? = nil, lastGuard: String? = nil,
        assignedGuard: String? = nil
    ) {
        self.id = id
        self.name = name
        self.everyMs = everyMs
        self.dueAt = dueAt
        self.createdAt = createdAt
        self.lastCheckInAt = lastCheckInAt
        self.lastGuard = lastGuard
        self.assignedGuard = assignedGuard
    }
}

/// The check-in domain's event types on `checkins/{site}`; a missed round is an `alert.raised` of
/// kind `missed-checkpoint` (`CheckpointMissed`), on `alerts/{site}` and told here too.
public enum CheckinEventType: String, Sendable, CaseIterable, Codable {
    /// A checkpoint was created: `data` is `CheckpointCreated`.
    case checkpointCreated = "checkpoint.created"
    /// A guard checked in: `data` is `CheckInRecorded`.
    case recorded = "checkin.recorded"
    /// A checkpoint's round was given to a guard, or to nobody: `data` is `CheckpointAssigned`.
    case assigned = "checkpoint.assigned"
}

/// `checkpoint.created`.
public struct CheckpointCreated: Sendable, Equatable, Codable {
    /// The new checkpoint (its code is only in the `ok` of `create_checkpoint`, never in an event).
    public var checkpoint: Checkpoint

    /// The data of the creation of `checkpoint`.
    public init(checkpoint: Checkpoint) { self.checkpoint = checkpoint }
}

/// `checkpoint.assigned`: whose round a checkpoint is now.
public struct CheckpointAssigned: Sendable, Equatable, Codable {
    /// The id of the checkpoint.
    public var checkpoint: String
    /// The checkpoint's name.
    public var name: String
    /// The guard's token name within the site; nil when the round is nobody's in particular.
    public var assignedGuard: String?

    /// The data of `checkpoint` (named `name`) given to `assignedGuard`, or to nobody.
    public init(checkpoint: String, name: String, assignedGuard: String?) {
        self.checkpoint = checkpoint
        self.name = name
        self.assignedGuard = assignedGuard
    }
}

/// `checkin.recorded`: a guard checked in at a checkpoint.
public struct CheckInRecorded: Sendable, Equatable, Codable {
    /// The id of the checkpoint.
    public var checkpoint: String
    /// The checkpoint's name.
    public var name: String
    /// The token name of the guard who checked in.
    public var `guard`: String
    /// When, in milliseconds since 1970.
    public var at: Int64
    /// When the next check-in is due, in milliseconds since 1970.
    public var nextDueAt: Int64

    /// The data of a check-in by `guard` at `checkpoint`.
    public init(checkpoint: String, name: String, guard: String, at: Int64, nextDueAt: Int64) {
        self.checkpoint = checkpoint
        self.name = name
        self.guard = `guard`
        self.at = at
        self.nextDueAt = nextDueAt
    }
}

/// The `alert.raised` of a missed round: the alert, and the checkpoint with its next due time.
public struct CheckpointMissed: Sendable, Equatable, Codable {
    /// The checkpoint whose round was missed, and when it is due next.
    public struct Due: Sendable, Equatable, Codable {
        /// The checkpoint's id.
        public var id: String
        /// The checkpoint's name.
        public var name: String
        /// When the next check-in is due, in milliseconds since 1970.
        public var dueAt: Int64

        /// The checkpoint `id`, named `name`, due next at `dueAt`.
        public init(id: String, name: String, dueAt: Int64) {
            self.id = id
            self.name = name
            self.dueAt = dueAt
        }
    }

    /// The alert raised for the missed round, of kind `missed-checkpoint`.
    public var alert: Alert
    /// The checkpoint missed.
    public var checkpoint: Due

    /// The data of a missed round.
    public init(alert: Alert, checkpoint: Due) {
        self.alert = alert
        self.checkpoint = checkpoint
    }
}

/// What a subscriber of `checkins/{site}` gets first: the site's checkpoints.
public struct CheckinsState: Sendable, Equatable, Codable {
    /// The site's checkpoints.
    public var checkpoints: [Checkpoint]

    /// The first data of a subscription to `checkins/{site}`.
    public init(checkpoints: [Checkpoint]) { self.checkpoints = checkpoints }
}
