import VigilAlerts
import VigilCore
import VigilHub
import VigilStore

/// What the zones' clock fires each tick: one event per zone with news, and each loitering alert.
enum ZoneTimers {
    static func due(in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try ZoneTables(transaction).zonePendingDue().map { pending in
            guard pending.kind == ZonePending.Kind.loitering.rawValue else {
                return TimerFiring(
                    topic: ZoneService.topic(of: pending.zone, site: pending.site), type: ZoneEventType.detections.rawValue,
                    effect: FlushZone(site: pending.site, zone: pending.zone, items: pending.items))
            }
            return TimerFiring(
                topic: AlertTopics.of(site: pending.site), type: AlertEventType.raised.rawValue,
                effect: RaiseLoitering(site: pending.site, zone: pending.zone, pending: pending.id))
        }
    }
}
