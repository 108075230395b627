import Synchronization
import VigilHub
import VigilStore

/// The push domain's clock: it rings the sender when a retry falls due, and sweeps the phones of
/// revoked and expired tokens. Revocation is written by the store's administration, which knows
/// no domain; the sweep finds such phones by the tokens table, once a minute (`every`), not on
/// every tick.
final class PushTimers: Sendable {
    static let every: Int64 = 60_000
    private let lastSweep = Mutex<Int64?>(nil)
    private let sender: PushSender

    init(sender: PushSender) {
        self.sender = sender
    }

    func due(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        if let next = try PushTables(transaction).nextDelivery(), next <= now { sender.ring() }
        let sweeping = lastSweep.withLock { last in
            guard last.map({ now - $0 >= Self.every }) ?? true else { return false }
            last = now
            return true
        }
        guard sweeping else { return [] }
        return try PushTables(transaction).phonesOfEndedTokens(at: now).map { ended in
            TimerFiring(
                topic: PushService.topic(of: ended.site), type: "phones_dropped",
                effect: DropPhonesOfEndedToken(site: ended.site, tokenID: ended.token))
        }
    }
}
