import Logging
import VigilCore
import VigilStore

/// The domains' clock: alert escalation, the end of a visit after its quiet period, and missed
/// patrol checkpoints. Nothing is held in memory: each tick reads what is due from the tables, so
/// after a restart the timers go on from where the store says they are. Each firing is an event
/// whose effect checks again, in the commit, that it is still due: a tick that races an
/// acknowledgement or a check-in changes nothing.
extension Hub {
    public func fireDueTimers() async {
        let now = currentMilliseconds()
        let due: (escalations: [AlertRecord], quiet: [QuietLocation], missed: [CheckpointRecord])
        do {
            due = try await tables.read { transaction in
                (try transaction.alertsDueToEscalate(at: now), try transaction.quietLocations(at: now), try transaction.checkpointsDue(at: now))
            }
        } catch {
            logger.error("could not read the due timers", metadata: ["error": "\(error)"])
            return
        }
        var firings: [(topic: String, type: String, effect: any DomainEffect)] = []
        firings += due.escalations.map { ("alerts/\($0.site)", "alert.escalated", EscalateAlert(site: $0.site, id: $0.id)) }
        firings += due.quiet.map { ("alerts/\($0.site)", "visit.ended", EndVisit(site: $0.site, location: $0.location, visit: $0.visit)) }
        firings += due.missed.map { ("alerts/\($0.site)", "alert.raised", MissCheckpoint(site: $0.site, checkpoint: $0.id)) }
        await withTaskGroup(of: Void.self) { group in
            for firing in firings {
                group.addTask { await self.fire(firing.type, on: firing.topic, effect: firing.effect) }
            }
        }
    }

    private func fire(_ type: String, on topic: String, effect: any DomainEffect) async {
        guard let topic = try? Topic(topic) else { return }
        let event = NewEvent(topic: topic.rawValue, type: type, ts: currentMilliseconds(), from: configuration.serverName, payload: "{}", effect: effect)
        // A refusal means it is no longer due; a failed commit is logged, and it fires again next tick.
        _ = try? await publish(PreparedPublish(topic: topic, event: event, durability: .durable, reply: [:]))
    }
}
