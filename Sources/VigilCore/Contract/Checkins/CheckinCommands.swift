/// The `data` of the commands of `checkins/{site}` (docs/protocol.md §6.5), one definition that
/// `VigilClient` sends and the hub's check-in domain reads; the hub holds each value to its bounds.
public enum CheckinCommand {
    /// `create_checkpoint`: `{name, every}`, a checkpoint and its patrol interval.
    public struct CreateCheckpoint: Sendable, Equatable, Codable {
        /// The checkpoint's name, 1-100 characters.
        public var name: String
        /// The patrol interval, 1 s to 30 days: `"30m"` or milliseconds.
        public var every: WireDuration

        /// A checkpoint named `name`, to be visited every `every`.
        public init(name: String, every: WireDuration) {
            self.name = name
            self.every = every
        }
    }

    /// `assign_checkpoint`: `{checkpoint, guard}`, whose round a checkpoint is. `guard` is sent as
    /// `null` for nobody in particular; left out, it is a mistake the hub refuses.
    public struct AssignCheckpoint: Sendable, Equatable, Codable {
        /// The checkpoint's id.
        public var checkpoint: String
        /// A guard's token name, or nil for nobody in particular.
        public var assignedGuard: String?

        /// The round of `checkpoint` given to `assignedGuard`, or to nobody when nil.
        public init(checkpoint: String, assignedGuard: String?) {
            self.checkpoint = checkpoint
            self.assignedGuard = assignedGuard
        }

        private enum CodingKeys: String, CodingKey {
            case checkpoint
            case assignedGuard = "guard"
        }

        /// Reads `{checkpoint, guard}`; a `guard` left out is refused, `null` is nobody.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            checkpoint = try fields.decode(String.self, forKey: .checkpoint)
            guard fields.contains(.assignedGuard) else { throw fields.refuse(.assignedGuard, "is required (null for nobody)") }
            assignedGuard = try fields.decodeIfPresent(String.self, forKey: .assignedGuard)
        }

        /// Writes `guard` always, `null` for nobody.
        public func encode(to encoder: any Encoder) throws {
            var fields = encoder.container(keyedBy: CodingKeys.self)
            try fields.encode(checkpoint, forKey: .checkpoint)
            try fields.encode(assignedGuard, forKey: .assignedGuard)
        }
    }

    /// `check_in`: `{code}`, the text of the checkpoint's QR code as a guard's phone scanned it.
    public struct CheckIn: Sendable, Equatable, Codable {
        /// The scanned text, `vigil-checkpoint:v1:{site}:{checkpoint}:{mac}`.
        public var code: String

        /// A check-in with the scanned `code`.
        public init(code: String) {
            self.code = code
        }
    }
}

/// The `ok` of `create_checkpoint`, beside its event: the new checkpoint's id and the text of its
/// QR code, which no event carries.
public struct CheckpointQRCode: Sendable, Equatable, Codable {
    /// The checkpoint's id.
    public var checkpoint: String
    /// The text to print as the checkpoint's QR code.
    public var code: String

    /// The code `code` of `checkpoint`.
    public init(checkpoint: String, code: String) {
        self.checkpoint = checkpoint
        self.code = code
    }
}
