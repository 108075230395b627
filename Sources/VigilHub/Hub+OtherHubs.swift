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
