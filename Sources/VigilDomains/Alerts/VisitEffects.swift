import VigilCore
import VigilHub
import VigilStore

/// Fired by the hub's timers: the location has been quiet for its site's quiet period.
struct EndVisit: DomainEffect {
    let site: String
    let location: String
    let visit: Int64

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let timings = try transaction.timings(of: site)
        guard let current = try LocationTables(transaction).location(location, site: site), current.currentVisit == visit,
            let lastMotion = current.lastMotionAt, lastMotion + timings.quietAfterMs <= event.ts,
            let ended = try LocationTables(transaction).endVisit(visit, at: location, site: site, time: event.ts)
        else {
            throw ProtocolError(.invalidTransition, "visit \(visit) at \(location) is not over")
        }
        event.payload = try JSONValue.canonicalText(of: VisitEnded(location: location, visit: ended.wire))
        return []
    }
}
