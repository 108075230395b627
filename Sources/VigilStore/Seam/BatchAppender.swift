/// What appending a batch of events needs of a back end's write transaction beyond the seam: an
/// effect's savepoint, and the event log's two tables.
protocol EventLogTransaction: DomainTransaction {
    /// Runs an effect in a savepoint of its own, in a transaction whose after-commit actions wait
    /// for the savepoint: a refusal rolls back the effect's writes and drops its actions.
    func inEffectSavepoint(_ effect: (any DomainTransaction) throws -> [String]) throws -> EffectOutcome
    /// Inserts a batch's events, in their order.
    func insertEvents(_ events: [StoredEvent]) throws
    /// Writes the last `seq` of each topic the batch numbered.
    func setHeads(_ heads: [String: UInt64]) throws
}

/// What became of an effect run in its savepoint: applied (with the topics its event is mirrored
/// to), or refused and undone.
enum EffectOutcome {
    case applied(mirrors: [String])
    case refused(any EffectRefusal)
}

/// Writes one batch inside its write transaction, numbering each topic on from its head: the one
/// algorithm both back ends append with (`EventLog`, `PostgresEventLog`). The events' rows are
/// inserted together once the batch's effects have run (no effect reads the event log), so that a
/// back end may write them in a few statements.
struct BatchAppender<Transaction: EventLogTransaction> {
    let transaction: Transaction
    /// Heads the caller knows to be current (SQLite's single writer caches them); others are read.
    let knownHeads: [String: UInt64]
    private(set) var newHeads: [String: UInt64] = [:]
    private(set) var newEvents: [StoredEvent] = []

    init(transaction: Transaction, knownHeads: [String: UInt64] = [:]) {
        self.transaction = transaction
        self.knownHeads = knownHeads
    }

    /// Appends the whole batch and records the topics' new heads; what became of each event.
    static func append(_ batch: [NewEvent], in transaction: Transaction, knownHeads: [String: UInt64] = [:]) throws -> (
        outcomes: [AppendOutcome], heads: [String: UInt64]
    ) {
        var appender = BatchAppender(transaction: transaction, knownHeads: knownHeads)
        let outcomes = try batch.map { try appender.append($0) }
        try transaction.insertEvents(appender.newEvents)
        try transaction.setHeads(appender.newHeads)
        return (outcomes, appender.newHeads)
    }

    mutating func append(_ event: NewEvent) throws -> AppendOutcome {
        var event = event
        var mirrors: [String] = []
        if let effect = event.effect {
            if event.logged { event.seq = try nextSeq(on: event.topic) }
            switch try transaction.inEffectSavepoint({ try effect.apply(to: &event, in: $0) }) {
            case .applied(let topics):
                assert(topics.allSatisfy { TopicScope.of($0) == TopicScope.of(event.topic) }, "\(event.topic) mirrored outside its scope: \(topics)")
                mirrors = topics
            case .refused(let refusal): return .refused(refusal)
            }
        }
        guard event.logged else { return .written(event) }
        let stored = try insert(event, on: event.topic)
        return .stored(stored, mirrors: try mirrors.map { try insert(event, on: $0) })
    }

    private func nextSeq(on topic: String) throws -> UInt64 {
        try (newHeads[topic] ?? knownHeads[topic] ?? transaction.head(of: topic)) + 1
    }

    private mutating func insert(_ event: NewEvent, on topic: String) throws -> StoredEvent {
        let seq = try nextSeq(on: topic)
        newHeads[topic] = seq
        let stored = StoredEvent(topic: topic, seq: seq, type: event.type, ts: event.ts, from: event.from, payload: event.payload)
        newEvents.append(stored)
        return stored
    }
}
