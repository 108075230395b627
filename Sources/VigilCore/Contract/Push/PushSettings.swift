/// What one person wants pushed to their phones on one site (docs/protocol.md §6.10): the kinds
/// they muted, their quiet hours, and whether an escalation breaks through those hours.
public struct PushSettings: Sendable, Equatable, Codable {
    /// A kind of push.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// An alert of the site nobody acknowledged in time.
        case escalation
        /// A chat message that mentions the person or asks them to acknowledge it.
        case chat
        /// A camera an operator sent to the person's view.
        case camera
        /// A round of a checkpoint assigned to the person (or of any checkpoint of the site, for a
        /// guard, when it is nobody's) that was missed.
        case checkpoint
    }

    /// A daily span of the person's own clock in which nothing is pushed: from `from` up to `to`
    /// (`"HH:MM"`, 24 hours; past midnight when `to` is earlier), read at the fixed offset from UTC
    /// the person gave (their page sends its browser's offset, so a change of summer time is caught
    /// the next time they save).
    public struct QuietHours: Sendable, Equatable, Codable {
        /// Where quiet begins, `"HH:MM"`.
        public var from: String
        /// Where quiet ends, `"HH:MM"`.
        public var to: String
        /// The person's clock minus UTC, in minutes (-720...840).
        public var utcOffsetMinutes: Int

        /// Quiet from `from` to `to` at `utcOffsetMinutes` from UTC.
        public init(from: String, to: String, utcOffsetMinutes: Int) {
            self.from = from
            self.to = to
            self.utcOffsetMinutes = utcOffsetMinutes
        }
    }

    /// Kinds never pushed to this person on this site.
    public var muted: [Kind]
    /// When nothing is pushed; nil for never.
    public var quietHours: QuietHours?
    /// Whether escalations are pushed during quiet hours all the same.
    public var escalationsBreakThrough: Bool

    /// Settings muting `muted`, quiet during `quietHours`; escalations break through unless told.
    public init(muted: [Kind] = [], quietHours: QuietHours? = nil, escalationsBreakThrough: Bool = true) {
        self.muted = muted
        self.quietHours = quietHours
        self.escalationsBreakThrough = escalationsBreakThrough
    }

    /// The settings of a person who never chose: everything pushed, at any hour.
    public static let everything = PushSettings()
}
