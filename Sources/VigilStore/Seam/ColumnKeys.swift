import Synchronization

/// A column's name as a record's key: `created_at` is `createdAt`, as Foundation's
/// `convertFromSnakeCase` reads it. Both back ends decode records with it (`RecordColumns`, once
/// per query), so one record type serves both. Each name is converted once and kept: most queries
/// read one row or a short page, and would otherwise split every column's name for it.
enum ColumnKeys {
    /// More names than the schema and its queries' aliases hold: past it, names are converted each time.
    private static let capacity = 4_096
    private static let converted = Mutex<[String: String]>([:])

    static func camelCase(_ column: String) -> String {
        if let known = converted.withLock({ $0[column] }) { return known }
        let words = column.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = words.first else { return column }
        let key = String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        converted.withLock { if $0.count < capacity { $0[column] = key } }
        return key
    }
}
