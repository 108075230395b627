import VigilAlerts
import VigilCore
import VigilHub
import VigilStore

/// Records a new checkpoint; its first check-in is due one interval after creation. Counted
/// inside the commit, so that racing creations cannot pass `CheckinService.maxCheckpointsPerSite`.
struct CreateCheckpoint: DomainEffect {
    let site: String
    let id: String
    let name: String
    let everyMs: Int64

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try CheckinTables(transaction).checkpointCount(of: site) < CheckinService.maxCheckpointsPerSite else {
            throw ProtocolError(.limitReached, "site \(site) has \(CheckinService.maxCheckpointsPerSite) checkpoints, the most a site keeps")
        }
        let checkpoint = CheckpointRecord(site: site, id: id, name: name, everyMs: everyMs, createdAt: event.ts)
        try transaction.insert(checkpoint)
        event.payload = try JSONValue.canonicalText(of: CheckpointCreated(checkpoint: checkpoint.wire))
        return []
    }
}

/// Records a guard's check-in; the next one is due an interval later.
struct RecordCheckIn: DomainEffect {
    let site: String
    let checkpoint: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let record = try CheckinTables(transaction).checkpoint(checkpoint, site: site) else {
            throw ProtocolError(.notFound, "there is no checkpoint \(checkpoint) at site \(site)")
        }
        try CheckinTables(transaction).recordCheckIn(at: record, guard: event.from, time: event.ts)
        event.payload = try JSONValue.canonicalText(
            of: CheckInRecorded(
                checkpoint: record.id, name: record.name, guard: event.from, at: event.ts, nextDueAt: event.ts + record.everyMs))
        return []
    }
}

/// Gives a checkpoint's round to a guard of the site (by token name), or to nobody.
struct AssignCheckpoint: DomainEffect {
    let site: String
    let checkpoint: String
    let guardName: String?

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let tables = CheckinTables(transaction)
        guard let record = try tables.checkpoint(checkpoint, site: site) else {
            throw ProtocolError(.notFound, "there is no checkpoint \(checkpoint) at site \(site)")
        }
        if let guardName, try !tables.isGuard(guardName, of: site, at: event.ts) {
            throw ProtocolError(.notFound, "no guard named \(guardName) covers site \(site)")
        }
        try tables.assign(record, to: guardName)
        event.payload = try JSONValue.canonicalText(of: CheckpointAssigned(checkpoint: record.id, name: record.name, assignedGuard: guardName))
        return []
    }
}

/// Fired by the hub's timers: a checkpoint was not visited within its interval. Raises a
/// missed-checkpoint alert (also told on `checkins/{site}`), sets the next due time, and tells the
/// feed's watchers whose round it was.
struct MissCheckpoint: DomainEffect {
    let site: String
    let checkpoint: String
    let feed: CheckpointFeed

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let record = try CheckinTables(transaction).checkpoint(checkpoint, site: site), record.dueAt <= event.ts else {
            throw ProtocolError(.invalidTransition, "checkpoint \(checkpoint) is not overdue")
        }
        // The next round is a full interval from now: one alert for however many rounds passed
        // unvisited (a hub that was down notices late), then a fair chance to make the next one.
        let nextDue = event.ts + record.everyMs
        try CheckinTables(transaction).setDue(of: record, at: nextDue)
        let missed = AlertDraft.byHub(
            site: site, kind: "missed-checkpoint", message: "\(record.name) was not visited within \(DurationText.text(record.everyMs))")
        let alert = try transaction.raiseAlert(missed, by: event.from, at: event.ts)
        let round = MissedRound(
            site: site, checkpoint: record.id, checkpointName: record.name, everyMs: record.everyMs, assignedGuard: record.assignedGuard, alert: alert
        )
        for watcher in feed.all { try watcher.missed(round, at: event.ts, in: transaction) }
        event.payload = try JSONValue.canonicalText(
            of: CheckpointMissed(
                alert: alert, checkpoint: CheckpointMissed.Due(id: record.id, name: record.name, dueAt: nextDue)))
        return [CheckinService.topic(of: site)]
    }
}
