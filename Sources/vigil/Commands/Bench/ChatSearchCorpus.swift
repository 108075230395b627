import Foundation
import VigilCore
import VigilStore

/// A million chat messages to search, written straight into the chat tables of site
/// `bench-search` (in SQLite or PostgreSQL) in transactions of `batch` rows, as group commits
/// would write them. Their words
/// follow Zipf's law over a vocabulary of 2,000 made-up words, as words in real text do, so a
/// query for the word of rank 1, 10, 100 or 1,000 matches a very common to a rare word.
struct ChatSearchCorpus {
    static let site = "bench-search"
    static let vocabularySize = 2000
    static let batch = 1000
    static let rowsPerStatement = 200

    let database: any StoreDatabase

    /// The word of `rank` (1 is the most common).
    static func word(rank: Int) -> String {
        let syllables = ["ka", "lo", "mi", "ren", "tas", "vo", "bel", "dor", "fin", "gar", "hu", "ize"]
        var index = rank
        var word = ""
        repeat {
            word += syllables[index % syllables.count]
            index /= syllables.count
        } while index > 0
        return word + "o"
    }

    /// How many messages the corpus holds now.
    func count() throws -> Int {
        let stored = try database.transaction { try $0.fetchInteger("SELECT count(*) FROM chat_messages WHERE site = ?", [Self.site]) }
        return Int(stored ?? 0)
    }

    /// Adds messages until there are `total`, saying how far it got every 100,000.
    func fill(to total: Int, say: (String) -> Void) throws {
        var random = SeededRandom(seed: 42)
        let cumulative = Self.zipfCumulative()
        var written = try count()
        let start: Int64 = 1_767_225_600_000
        while written < total {
            let end = min(written + Self.batch, total)
            try database.transaction { transaction in
                try transaction.execute(
                    """
                    INSERT INTO chat_rooms (site, id, name, created_by, created_at) VALUES (?, 'control', 'Control room', '', ?)
                    ON CONFLICT DO NOTHING
                    """,
                    [Self.site, start])
                // A few hundred rows a statement: on PostgreSQL a statement is a round trip.
                for part in stride(from: written, to: end, by: Self.rowsPerStatement) {
                    let indexes = part..<min(part + Self.rowsPerStatement, end)
                    let rows: [[any StoreArgument]] = indexes.map { index in
                        let words = (0..<Int.random(in: 8...20, using: &random)).map { _ in
                            Self.word(rank: Self.rank(Double.random(in: 0..<1, using: &random), cumulative))
                        }
                        return ["msg_bench_\(index)", Self.site, index + 1, words.joined(separator: " "), start + Int64(index) * 100]
                    }
                    try transaction.execute(
                        """
                        INSERT INTO chat_messages (id, site, room, seq, author, text, attachments, mentions, posted_at)
                        VALUES \(Array(repeating: "(?, ?, 'control', ?, 'bench', ?, '[]', '', ?)", count: rows.count).joined(separator: ", "))
                        """,
                        rows.flatMap { $0 })
                }
                // The words of the messages just stored, under their row numbers, as the chat domain indexes them.
                try transaction.execute(
                    """
                    INSERT INTO chat_search (rowid, text, site, room)
                    SELECT n, text, site, room FROM chat_messages WHERE site = ? AND room = 'control' AND seq > ?
                    """,
                    [Self.site, written])
            }
            if end / 100_000 > written / 100_000 { say("  \(end) messages stored") }
            written = end
        }
        // PostgreSQL plans by the tables' statistics, which autovacuum takes only a while after a
        // bulk load: until then a common word is read through its whole GIN posting list and sorted
        // (p50 63 ms through a debug hub over 100,000 messages) instead of newest first by the
        // primary key (0.2 ms for the query once analyzed).
        try database.transaction { transaction in
            if transaction.dialect == .postgres { try transaction.execute("ANALYZE chat_messages; ANALYZE chat_search") }
        }
    }

    private static func zipfCumulative() -> [Double] {
        var sums: [Double] = []
        var total = 0.0
        for rank in 1...vocabularySize {
            total += 1 / Double(rank)
            sums.append(total)
        }
        return sums.map { $0 / total }
    }

    private static func rank(_ unit: Double, _ cumulative: [Double]) -> Int {
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < unit { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}
