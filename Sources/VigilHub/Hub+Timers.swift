import VigilCore
import VigilStore

/// The domains' clock: every tick asks each registered domain what is due by the hub's clock, in
/// one read, and commits each firing as an event whose effect checks again that it is still due,
/// so a tick that races an acknowledgement or a check-in changes nothing.
extension Hub {
    public func fireDueTimers() async {
        let now = clock.milliseconds()
        let firings: [TimerFiring]
        do {
            firings = try await store.read { [domains] transaction in
                try domains.flatMap { try $0.dueTimers(at: now, in: transaction) }
            }
        } catch {
            logger.error("could not read the due timers", metadata: ["error": "\(error)"])
            return
        }
        await withTaskGroup(of: Void.self) { group in
            for firing in firings {
                group.addTask { await self.fire(firing) }
            }
        }
    }

    private func fire(_ firing: TimerFiring) async {
        guard let topic = try? Topic(firing.topic) else { return }
        // Kept as its topic's kind keeps events: housekeeping on an ephemeral kind commits its rows
        // and leaves the log alone.
        let durability = services.durability(of: topic.kind)
        let event = NewEvent(
            topic: topic.rawValue, type: firing.type, ts: clock.milliseconds(), from: configuration.serverName, payload: "{}",
            effect: firing.effect, logged: durability == .durable)
        // A refusal means it is no longer due; a failed commit is logged, and it fires again next tick.
        _ = try? await publish(PreparedPublish(topic: topic, event: event, durability: durability, reply: [:], committedReply: nil))
    }
}
