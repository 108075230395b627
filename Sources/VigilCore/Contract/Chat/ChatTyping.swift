/// `typing` on `typing/{site}/{room}` (docs/protocol.md §6.6): `{stopped?}`, someone is typing in
/// the room, or has stopped.
public struct ChatTypingCommand: Sendable, Equatable, Codable {
    /// `true`: the sender stopped typing; nil: they are typing.
    public var stopped: Bool?

    /// Typing, or stopped typing when `stopped` is true.
    public init(stopped: Bool? = nil) {
        self.stopped = stopped
    }
}

/// The event `typing`: `{until}` while someone types (the indicator ends by itself then), or
/// `{stopped: true}` when they stop. Never stored.
public struct ChatTyping: Sendable, Equatable, Codable {
    /// When the indicator ends unless said again, in ms since 1970; nil when stopped.
    public var until: Int64?
    /// `true` when the sender stopped typing.
    public var stopped: Bool?

    /// Someone typing until `until`.
    public init(until: Int64) {
        self.until = until
    }

    /// Someone who stopped typing.
    public static let stoppedTyping = ChatTyping(stopped: true)

    private init(stopped: Bool) {
        self.stopped = stopped
    }
}
