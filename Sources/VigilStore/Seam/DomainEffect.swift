/// The rows a state-keeping kind writes with its event, in the event's own transaction, so that a
/// table never says what the log does not (and a crash keeps both or neither).
///
/// `apply` runs on the store's writer, inside the commit, before the event is stored. It reads the
/// current state, so it is where a transition is decided: it may rewrite the event's type and
/// payload, return further topics that carry the same event (an escalated alert reaches a wider
/// audience), or throw an `EffectRefusal` to refuse this event alone; its writes are then undone
/// and the rest of the batch commits. Any other error fails the whole batch.
public protocol DomainEffect: Sendable {
    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String]
    /// About how many rows `apply` writes: what the group commit counts against a site's share of
    /// a transaction. One unless the effect writes in proportion to its input.
    var rows: Int { get }
}

extension DomainEffect {
    public var rows: Int { 1 }
}

/// An error an effect throws to refuse its own event (an alert already acknowledged). The store
/// hands it back untouched in `AppendOutcome.refused`; what it says is the engine's business.
public protocol EffectRefusal: Error, Sendable {}
