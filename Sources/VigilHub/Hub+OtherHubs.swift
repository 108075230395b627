import VigilCore
import VigilStore

/// Several hubs on one store (PostgreSQL): each fans out to its own subscribers what the others
/// commit, as it does what it commits itself.
extension Hub {
    /// Delivers the events other hubs commit to this hub's subscribers until the task is cancelled;
    /// returns at once on a store only this hub writes (SQLite).
    public func followOtherHubs() async {
        guard let follower = store.makeFollower() else { return }
        let epoch = store.epoch
        await follower.follow { [bus, metrics] events in
            for event in events {
                guard let topic = try? Topic(event.topic) else { continue }
                bus.publish(OutgoingEvent(stored: event, topic: topic, epoch: epoch))
            }
            metrics.eventsFollowed.increment(by: events.count)
        }
    }
}

extension Hub {
    /// Tells the other hubs of a shared store who is present through this one and how many
    /// connections each token holds here, and learns theirs (`HubRoster`): presence then lists
    /// their members, and the per-token limit counts their connections as of their last report.
    /// Nothing on a store only this hub writes. The server runs it every `rosterInterval`.
    public func exchangeWithOtherHubs() async {
        guard let roster else { return }
        let report = HubReport(hub: rosterName, members: presence.localMembers, connections: sessions.connectionsPerToken)
        let now = clock.milliseconds()
        do {
            let others = try await roster.exchange(report, aliveUntil: now + configuration.rosterLifetimeMilliseconds, now: now)
            presence.othersReport(others.flatMap(\.members))
            sessions.othersHold(
                others.reduce(into: [:]) { held, other in
                    for (token, connections) in other.connections { held[token, default: 0] += connections }
                })
        } catch {
            // What the others last reported stands until the store answers again.
            logger.warning("telling the other hubs of this one's connections: \(error)")
        }
    }
}
