import VigilCore
import VigilHub

/// A full-text search over one site's rooms: its words as an FTS5 query (each word a quoted term,
/// so no FTS5 syntax reaches SQLite from a client; the last one a prefix, for search as you type).
struct ChatSearch: Sendable {
    static let maxQueryLength = 200
    static let maxWords = 10

    let site: String
    let match: String
    let room: String?
    /// The `next` of the previous page.
    let before: Int64?
    let limit: Int

    init(site: String, _ data: JSONValue) throws(ProtocolError) {
        let fields = try CommandData(data, shape: "{q, room?, before?, limit?}")
        let words = try fields.string("q", maxLength: Self.maxQueryLength)
            .split(whereSeparator: { $0.isWhitespace || $0.isPunctuation && $0 != "-" && $0 != "_" })
            .map { $0.replacingOccurrences(of: "\"", with: "") }
            .filter { !$0.isEmpty }
        guard !words.isEmpty, words.count <= Self.maxWords else {
            throw ProtocolError(.invalidData, "data.q must hold 1-\(Self.maxWords) words")
        }
        self.site = site
        match = words.map { "\"\($0)\"" }.joined(separator: " ") + "*"
        room = try fields.optionalIdentifier("room")
        before = try fields.integer("before", in: 1...Int.max).map(Int64.init)
        limit = try fields.integer("limit", in: 1...ChatQueries.maxPage) ?? 20
    }
}
