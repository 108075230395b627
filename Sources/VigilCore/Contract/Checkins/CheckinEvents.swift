/// A checkpoint of a guard's round (docs/protocol.md §6.5): checked in at by scanning its code,
/// due again `everyMs` after each check-in.
public struct Checkpoint: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var everyMs: Int64
    public var dueAt: Int64
    public var createdAt: Int64
    public var lastCheckInAt: Int64?
    public var lastGuard: String?

    public init(id: String, name: String, everyMs: Int64, dueAt: Int64, createdAt: Int64, lastCheckInAt: Int64? = nil, lastGuard: String? = nil) {
        self.id = id
        self.name = name
        self.everyMs = everyMs
        self.dueAt = dueAt
        self.createdAt = createdAt
        self.lastCheckInAt = lastCheckInAt
        self.lastGuard = lastGuard
    }
}

/// The check-in domain's event types on `checkins/{site}`; a missed round is an `alert.raised` of
/// kind `missed-checkpoint` (`CheckpointMissed`), on `alerts/{site}` and told here too.
public enum CheckinEventType: String, Sendable, CaseIterable, Codable {
    case checkpointCreated = "checkpoint.created"
    case recorded = "checkin.recorded"
}

/// `checkpoint.created`.
public struct CheckpointCreated: Sendable, Equatable, Codable {
    public var checkpoint: Checkpoint

    public init(checkpoint: Checkpoint) { self.checkpoint = checkpoint }
}

/// `checkin.recorded`: a guard checked in at a checkpoint.
public struct CheckInRecorded: Sendable, Equatable, Codable {
    public var checkpoint: String
    public var name: String
    public var `guard`: String
    public var at: Int64
    public var nextDueAt: Int64

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
    public struct Due: Sendable, Equatable, Codable {
        public var id: String
        public var name: String
        public var dueAt: Int64

        public init(id: String, name: String, dueAt: Int64) {
            self.id = id
            self.name = name
            self.dueAt = dueAt
        }
    }

    public var alert: Alert
    public var checkpoint: Due

    public init(alert: Alert, checkpoint: Due) {
        self.alert = alert
        self.checkpoint = checkpoint
    }
}

/// What a subscriber of `checkins/{site}` gets first: the site's checkpoints.
public struct CheckinsState: Sendable, Equatable, Codable {
    public var checkpoints: [Checkpoint]

    public init(checkpoints: [Checkpoint]) { self.checkpoints = checkpoints }
}
