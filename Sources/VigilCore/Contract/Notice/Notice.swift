/// A notice to a site's people (docs/protocol.md §6.1): event type `notice`, with this `data`.
public struct Notice: Sendable, Equatable, Codable {
    /// How pressing a notice is.
    public enum Level: String, Sendable, Codable, CaseIterable {
        /// Information, a warning, or something urgent.
        case info, warning, urgent
    }

    /// The event type of notices on `notice/{site}`: `notice`.
    public static let eventType = "notice"

    /// What the notice says.
    public var text: String
    /// How pressing it is.
    public var level: Level

    /// A notice saying `text`, at `level` (information by default).
    public init(text: String, level: Level = .info) {
        self.text = text
        self.level = level
    }
}
