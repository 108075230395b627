import VigilStore

/// A page of full-text search, newest first, read so that its cost does not grow with the number of
/// messages a site keeps.
///
/// FTS5 walks its index newest first (`ORDER BY rowid DESC`) and stops at the page's end, whatever
/// the word. PostgreSQL's GIN index cannot: it yields a word's matches in the table's order, each
/// to be fetched and then sorted, which costs as much as the word is common. For a word it guesses
/// common, the planner walks the primary key newest first instead, and that walk never stops early
/// for a word that is rare or in no message at all (644 ms over 1,000,000 messages for a misspelt
/// word). So the search takes each where it is cheap: the site's newest `recentRows` messages
/// first, which hold a page of any word in more than one message in 500; then, for a rarer word,
/// its matches among the older messages from the GIN index, fewer than one message in 500.
extension ChatTables {
    /// How many of the site's newest messages are read in order before the GIN index is asked.
    static let recentRows = 10_000

    /// `recentRows`: how many of the newest messages PostgreSQL reads in order (fewer in tests, to
    /// reach what lies beyond them).
    func search(_ search: ChatSearch, recentRows: Int = Self.recentRows) throws -> [MessageRecord] {
        switch transaction.dialect {
        case .sqlite: try searchWithFTS5(search)
        case .postgres: try searchWithGIN(search, recentRows: recentRows)
        }
    }

    private func searchWithFTS5(_ search: ChatSearch) throws -> [MessageRecord] {
        let (narrowing, arguments) = narrowing(search, room: true, before: search.before)
        return try transaction.fetchAll(
            MessageRecord.self,
            """
            SELECT m.* FROM chat_messages m WHERE m.n IN (
                SELECT rowid FROM chat_search WHERE chat_search MATCH ? AND site = ?\(narrowing) ORDER BY rowid DESC LIMIT ?)
            ORDER BY m.n DESC
            """,
            [search.fts5Match, search.site] + arguments + [search.limit])
    }

    private func searchWithGIN(_ search: ChatSearch, recentRows: Int) throws -> [MessageRecord] {
        let (window, windowArguments) = recentWindow(of: search, "rowid, words, room", recentRows)
        let (inRoom, roomArguments) = narrowing(search, room: true, before: nil)
        let recent = try transaction.fetchAll(
            MessageRecord.self,
            """
            SELECT m.* FROM chat_messages m WHERE m.n IN (
                SELECT rowid FROM (\(window)) AS recent
                WHERE words @@ to_tsquery('simple', ?)\(inRoom) ORDER BY rowid DESC LIMIT ?)
            ORDER BY m.n DESC
            """,
            windowArguments + [search.tsquery] + roomArguments + [search.limit])
        guard recent.count < search.limit, let start = try startOfRecentRows(search, recentRows) else { return recent }

        let (narrowing, arguments) = narrowing(search, room: true, before: start)
        // MATERIALIZED keeps the planner from walking the primary key for the page's order.
        let older = try transaction.fetchAll(
            MessageRecord.self,
            """
            SELECT m.* FROM chat_messages m WHERE m.n IN (
                WITH matches AS MATERIALIZED (
                    SELECT rowid FROM chat_search WHERE words @@ to_tsquery('simple', ?) AND site = ?\(narrowing)
                )
                SELECT rowid FROM matches ORDER BY rowid DESC LIMIT ?)
            ORDER BY m.n DESC
            """,
            [search.tsquery, search.site] + arguments + [search.limit - recent.count])
        return recent + older
    }

    /// The oldest row of the recent messages the first read went through, or nil when they are all
    /// the site has before the page's start: then there is nothing older to ask the index for.
    private func startOfRecentRows(_ search: ChatSearch, _ recentRows: Int) throws -> Int64? {
        let (window, arguments) = recentWindow(of: search, "rowid", recentRows)
        let rows = try transaction.fetchOne(
            RecentRows.self, "SELECT count(*) AS count, min(rowid) AS start FROM (\(window)) AS recent", arguments)
        guard let rows, rows.count == recentRows else { return nil }
        return rows.start
    }

    /// The site's newest `recentRows` rows of the index before the page's start, newest first, as a
    /// subquery of `columns` and its arguments.
    private func recentWindow(of search: ChatSearch, _ columns: String, _ recentRows: Int) -> (String, [any StoreArgument]) {
        let (olderThan, arguments) = narrowing(search, room: false, before: search.before)
        return ("SELECT \(columns) FROM chat_search WHERE site = ?\(olderThan) ORDER BY rowid DESC LIMIT ?", [search.site] + arguments + [recentRows])
    }

    /// The conditions besides the words and the site: the room when asked for, and rows before one.
    private func narrowing(_ search: ChatSearch, room: Bool, before: Int64?) -> (String, [any StoreArgument]) {
        var sql = ""
        var arguments: [any StoreArgument] = []
        if room, let id = search.room {
            sql += " AND room = ?"
            arguments.append(id)
        }
        if let before {
            sql += " AND rowid < ?"
            arguments.append(before)
        }
        return (sql, arguments)
    }
}

/// How many rows the first read of a search went through, and the oldest of them.
private struct RecentRows: Decodable {
    let count: Int
    let start: Int64?
}
