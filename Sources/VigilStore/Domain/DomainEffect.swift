import VigilCore

/// The rows a state-keeping kind writes with its event, in the event's own transaction, so that a
/// table never says what the log does not (and a crash keeps both or neither).
///
/// `apply` runs on the store's writer, inside the commit, before the event is stored. It reads the
/// current state, so it is where a transition is decided: it may rewrite the event's type and
/// payload, return further topics that carry the same event (an escalated alert reaches a wider
/// audience), or throw a `ProtocolError` to refuse this event alone; its writes are then undone
/// and the rest of the batch commits.
public protocol DomainEffect: Sendable {
    func apply(to event: inout NewEvent, in transaction: DomainTransaction) throws -> [String]
}
