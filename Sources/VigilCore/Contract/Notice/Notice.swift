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

    private enum CodingKeys: String, CodingKey {
        case text, level
    }

    /// Reads `{text, level?}`: `level` is `info` when absent; another word is refused in words.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        text = try fields.decode(String.self, forKey: .text)
        let level = try fields.decodeIfPresent(String.self, forKey: .level) ?? Level.info.rawValue
        guard let known = Level(rawValue: level) else { throw fields.refuse(.level, "must be one of info, warning, urgent") }
        self.level = known
    }
}
