// SQLite's query planner takes hints in the statement itself; PostgreSQL plans from its
// statistics and has no such syntax. A statement that needs a hint on SQLite asks for it here, so
// the same statement runs on both.
extension DomainTransaction {
    /// A join whose left table SQLite must keep outer (`CROSS JOIN ... ON`); a plain join on
    /// PostgreSQL, whose grammar has no `ON` after `CROSS JOIN`.
    public var joinInOrder: String {
        switch dialect {
        case .sqlite: "CROSS JOIN"
        case .postgres: "JOIN"
        }
    }

    /// `column` as a term SQLite must not answer from an index (`+column`); the column as it is on
    /// PostgreSQL.
    public func unindexed(_ column: String) -> String {
        switch dialect {
        case .sqlite: "+\(column)"
        case .postgres: column
        }
    }
}
