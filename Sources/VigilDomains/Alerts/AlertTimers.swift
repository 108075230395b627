import VigilCore
import VigilHub
import VigilStore

/// What the alert domain's clock fires: escalations of alerts left unacknowledged, and the end of
/// visits whose location has been quiet for the site's quiet period.
enum AlertTimers {
    static func due(at now: Int64, in transaction: any DomainTransaction, feed: AlertFeed) throws -> [TimerFiring] {
        let escalations = try AlertTables(transaction).alertsDueToEscalate(at: now).map { alert in
            TimerFiring(
                topic: AlertService.topic(of: alert.site), type: AlertEventType.escalated.rawValue,
                effect: EscalateAlert(site: alert.site, id: alert.id, feed: feed))
        }
        let visitEnds = try LocationTables(transaction).quietLocations(at: now).map { quiet in
            TimerFiring(
                topic: AlertService.topic(of: quiet.site), type: AlertEventType.visitEnded.rawValue,
                effect: EndVisit(site: quiet.site, location: quiet.location, visit: quiet.visit))
        }
        return escalations + visitEnds
    }
}
