import VigilStore

/// The effect of an event its domain declared audited (`ValidatedEvent.audited`): the domain's own
/// effect, then the audit entry, in the same savepoint, so that an event the effect refuses leaves
/// no entry and an entry never names an event the store lacks. The entry says the event as it
/// commits: its final type, its `seq` and its data.
struct AuditedEffect: DomainEffect {
    let base: (any DomainEffect)?
    let actor: AuditActor
    let site: String?

    var rows: Int { (base?.rows ?? 0) + 1 }

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let topics = try base?.apply(to: &event, in: transaction) ?? []
        try AuditEntry(
            at: event.ts, actor: actor, site: site, action: event.type, target: event.topic, seq: event.logged ? event.seq : nil,
            detail: event.payload
        ).record(in: transaction)
        return topics
    }
}
