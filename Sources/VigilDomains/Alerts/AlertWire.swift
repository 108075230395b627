import VigilCore
import VigilHub
import VigilStore

// The alert domain's records in their wire shapes, the contract's types (docs/protocol.md §6.1).

extension AlertRecord {
    var wire: Alert {
        var alert = Alert(
            id: id, site: site, kind: kind, severity: severity, message: message, thumbnails: thumbnails.items,
            state: Alert.State(rawValue: state.rawValue) ?? .raised, raisedBy: raisedBy, raisedAt: raisedAt, escalateAt: escalateAt)
        alert.location = location
        alert.visit = visitID
        alert.acknowledgedBy = acknowledgedBy
        alert.acknowledgedAt = acknowledgedAt
        alert.resolvedBy = resolvedBy
        alert.resolvedAt = resolvedAt
        alert.note = note
        alert.escalatedAt = escalatedAt
        alert.room = room
        return alert
    }
}

extension LocationRecord {
    var wire: AlertLocation {
        AlertLocation(id: id, name: name, visited: currentVisit != nil, visit: currentVisit, lastMotionAt: lastMotionAt)
    }
}

extension VisitRecord {
    var wire: AlertVisit {
        AlertVisit(id: id, location: location, startedAt: startedAt, snapshots: snapshots.items, alert: alertID, endedAt: endedAt)
    }
}
