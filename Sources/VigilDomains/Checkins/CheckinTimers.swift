import VigilAlerts
import VigilCore
import VigilHub
import VigilStore

/// What the check-in domain's clock fires: a missed-checkpoint alert on the site's alerts topic
/// (also told on `checkins/{site}`) for each checkpoint past its due time.
enum CheckinTimers {
    static func due(at now: Int64, feed: CheckpointFeed, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try CheckinTables(transaction).checkpointsDue(at: now).map { checkpoint in
            TimerFiring(
                topic: AlertTopics.of(site: checkpoint.site), type: AlertEventType.raised.rawValue,
                effect: MissCheckpoint(site: checkpoint.site, checkpoint: checkpoint.id, feed: feed))
        }
    }
}
