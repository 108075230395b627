/// One change to the schema: applied once, in order, and never edited once shipped (add another).
/// The store has its own (sites, tokens, the event log, thumbnails); each domain brings those of
/// its tables, applied after the store's in the order the domains are registered.
public struct StoreMigration: Sendable {
    public let identifier: String
    public let apply: @Sendable (any DomainTransaction) throws -> Void

    public init(_ identifier: String, apply: @escaping @Sendable (any DomainTransaction) throws -> Void) {
        self.identifier = identifier
        self.apply = apply
    }

    /// A migration that runs one script of statements, the same on every back end.
    public init(_ identifier: String, sql: String) {
        self.init(identifier) { try $0.execute(sql) }
    }

    /// A migration whose script each back end writes in its own dialect (a row id, a full-text or
    /// spatial index).
    public init(_ identifier: String, sqlite: String, postgres: String) {
        self.init(identifier) { transaction in
            switch transaction.dialect {
            case .sqlite: try transaction.execute(sqlite)
            case .postgres: try transaction.execute(postgres)
            }
        }
    }
}
