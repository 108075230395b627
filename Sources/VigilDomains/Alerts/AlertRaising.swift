import VigilCore
import VigilHub
import VigilStore

/// How another domain raises an alert inside its own commit: check-ins raise one for a missed
/// checkpoint. The alert follows the site's escalation time like any other.
extension DomainTransaction {
    func raiseAlert(site: String, kind: String, message: String, by who: String, at time: Int64) throws -> AlertRecord {
        let alert = AlertRecord(
            id: TokenSecret.recordID(prefix: "al_"), site: site, kind: kind, severity: AlertService.defaultSeverity(of: kind),
            message: message, location: nil, thumbnails: [], visitID: nil, raisedBy: who, raisedAt: time,
            escalateAt: time + (try timings(of: site)).escalateAfterMs)
        try insert(alert)
        return alert
    }
}
