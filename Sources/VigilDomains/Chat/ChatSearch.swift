import Foundation
import VigilCore
import VigilHub

/// A full-text search over one site's rooms: its words as an FTS5 query for SQLite, each a quoted
/// term so that no FTS5 syntax reaches SQLite from a client, or as a `tsquery` for PostgreSQL, each
/// a quoted lexeme. Words match whole words; a query ending in `*` takes its last word as a prefix
/// (search as one types). The index keeps prefixes of 2 to 4
/// characters; a longer prefix makes SQLite merge the postings of every word that starts with it
/// before it can page them, which costs as much as those words are common.
struct ChatSearch: Sendable {
    static let maxQueryLength = 200
    static let maxWords = 10

    let site: String
    /// The query's words, as the index's tokenizer cuts them: runs of letters and digits.
    let words: [String]
    /// Whether the last word stands for every word that starts with it.
    let lastIsPrefix: Bool
    let room: String?
    /// The `next` of the previous page.
    let before: Int64?
    let limit: Int

    init(site: String, _ data: JSONValue) throws(ProtocolError) {
        let search = try data.decode(ChatSearchQuery.self)
        let query = try CommandBounds.text(search.q, "q", maxLength: Self.maxQueryLength).trimmingCharacters(in: .whitespaces)
        // Words as the index's tokenizer cuts them: runs of letters and digits.
        let words = query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard !words.isEmpty, words.count <= Self.maxWords else {
            throw ProtocolError(.invalidData, "data.q must hold 1-\(Self.maxWords) words")
        }
        self.site = site
        self.words = words
        lastIsPrefix = query.hasSuffix("*")
        room = try CommandBounds.optionalIdentifier(search.room, "room")
        before = try CommandBounds.optionalWhole(search.before, "before", in: 1...Int64.max)
        limit = try CommandBounds.optionalWhole(search.limit, "limit", in: 1...ChatQueries.maxPage) ?? 20
    }

    /// The words as FTS5's `MATCH` takes them: every one required.
    var fts5Match: String {
        words.map { "\"\($0)\"" }.joined(separator: " ") + (lastIsPrefix ? "*" : "")
    }

    /// The words as PostgreSQL's `to_tsquery('simple', ...)` takes them: every one required, the
    /// last one a prefix (`:*`) when asked. Words hold only letters and digits, so no quote or
    /// operator of a client's reaches the query.
    var tsquery: String {
        words.enumerated().map { index, word in
            "'\(word.lowercased())'" + (lastIsPrefix && index == words.count - 1 ? ":*" : "")
        }.joined(separator: " & ")
    }
}
