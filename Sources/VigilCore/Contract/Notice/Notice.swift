/// A notice to a site's people (docs/protocol.md §6.1): event type `notice`, with this `data`.
public struct Notice: Sendable, Equatable, Codable {
    public enum Level: String, Sendable, Codable, CaseIterable {
        case info, warning, urgent
    }

    public static let eventType = "notice"

    public var text: String
    public var level: Level

    public init(text: String, level: Level = .info) {
        self.text = text
        self.level = level
    }
}
