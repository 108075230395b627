import VigilCore
import VigilHub
import VigilStore

extension DomainTransaction {
    /// Makes the alert `draft` describes, raised by `who` at `time`, inside the caller's commit:
    /// it escalates after the site's escalation time, and motion at a location opens a visit there.
    /// The one place a new alert is made: `RaiseAlert` and, through `raiseAlert`, the other domains come here.
    func makeAlert(_ draft: AlertDraft, by who: String, at time: Int64) throws -> AlertRecord {
        var alert = AlertRecord(
            id: draft.id, site: draft.site, kind: draft.kind, severity: draft.severity, message: draft.message, location: draft.location,
            thumbnails: draft.thumbnails, visitID: nil, raisedBy: who, raisedAt: time,
            escalateAt: time + (try timings(of: draft.site)).escalateAfterMs)
        if draft.kind == "motion", let location = draft.location {
            alert.visitID = try LocationTables(self).startVisit(
                at: location, site: draft.site, alertID: alert.id, time: time, snapshots: draft.thumbnails)
        }
        try insert(alert)
        return alert
    }
}
