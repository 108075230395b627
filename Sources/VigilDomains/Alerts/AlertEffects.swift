import VigilCore
import VigilHub
import VigilStore

/// Raises the alert, unless it is motion at a location already being visited: then the visit goes
/// on (a PIR sensor fires again and again while someone stands at the door) and no new alert is made.
/// A new location is counted inside the commit against `AlertService.maxLocationsPerSite`.
struct RaiseAlert: DomainEffect {
    let draft: AlertDraft

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let missing = try transaction.missingThumbnails(draft.thumbnails)
        guard missing.isEmpty else {
            throw ProtocolError(.notFound, "no thumbnail \(missing[0]); upload it with POST /api/thumbnails first")
        }
        if let location = draft.location {
            if try LocationTables(transaction).location(location, site: draft.site) == nil,
                try LocationTables(transaction).locationCount(of: draft.site) >= AlertService.maxLocationsPerSite
            {
                throw ProtocolError(.limitReached, "site \(draft.site) has \(AlertService.maxLocationsPerSite) locations, the most a site keeps")
            }
            try LocationTables(transaction).ensureLocation(location, site: draft.site, name: draft.locationName)
            if draft.kind == "motion", let current = try LocationTables(transaction).location(location, site: draft.site),
                let visit = current.currentVisit
            {
                try LocationTables(transaction).extendVisit(visit, at: location, site: draft.site, time: event.ts, snapshots: draft.thumbnails)
                event.type = AlertEventType.visitMotion.rawValue
                event.payload = try JSONValue.canonicalText(
                    of: VisitMotion(
                        location: location, visit: visit, at: event.ts, thumbnails: draft.thumbnails))
                return []
            }
        }
        let alert = try transaction.makeAlert(draft, by: event.from, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: AlertChanged(alert: alert.wire))
        return []
    }
}

/// raised -> acknowledged, once.
struct AcknowledgeAlert: DomainEffect {
    let site: String
    let id: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let alert = try existingAlert(id, site: site, transaction)
        guard alert.state == .raised else {
            throw ProtocolError(.invalidTransition, "alert \(id) is already \(alert.state.rawValue) (by \(alert.acknowledgedBy ?? "?"))")
        }
        try AlertTables(transaction).acknowledge(id, by: event.from, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: AlertDecided(alert: id, by: event.from, at: event.ts))
        return alert.escalatedAt == nil ? [] : [AlertService.escalatedTopic(of: site)]
    }
}

/// acknowledged -> resolved, with an optional note.
struct ResolveAlert: DomainEffect {
    let site: String
    let id: String
    let note: String?

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let alert = try existingAlert(id, site: site, transaction)
        guard alert.state == .acknowledged else {
            throw ProtocolError(
                .invalidTransition,
                alert.state == .raised ? "alert \(id) must be acknowledged before it is resolved" : "alert \(id) is already resolved")
        }
        try AlertTables(transaction).resolve(id, by: event.from, at: event.ts, note: note)
        event.payload = try JSONValue.canonicalText(of: AlertDecided(alert: id, by: event.from, at: event.ts, note: note))
        return alert.escalatedAt == nil ? [] : [AlertService.escalatedTopic(of: site)]
    }
}

private func existingAlert(_ id: String, site: String, _ transaction: any DomainTransaction) throws -> AlertRecord {
    guard let alert = try AlertTables(transaction).alert(id, site: site) else {
        throw ProtocolError(.notFound, "there is no alert \(id) at site \(site)")
    }
    return alert
}

/// Fired by the hub's timers: an alert still unacknowledged at its escalation time reaches the
/// wider audience, and the feed's watchers are told. Refused (and so skipped) when it was
/// acknowledged meanwhile.
struct EscalateAlert: DomainEffect {
    let site: String
    let id: String
    let feed: AlertFeed

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        var alert = try existingAlert(id, site: site, transaction)
        guard alert.state == .raised, alert.escalatedAt == nil, alert.escalateAt <= event.ts else {
            throw ProtocolError(.invalidTransition, "alert \(id) no longer needs escalating")
        }
        try AlertTables(transaction).markEscalated(id, at: event.ts)
        alert.escalatedAt = event.ts
        event.payload = try JSONValue.canonicalText(of: AlertChanged(alert: alert.wire))
        let locationName = try alert.location.flatMap { try LocationTables(transaction).location($0, site: site)?.name }
        for watcher in feed.all {
            try watcher.escalated(alert.wire, locationName: locationName, at: event.ts, in: transaction)
        }
        return [AlertService.escalatedTopic(of: site)]
    }
}
