import Foundation
import Synchronization
import VigilCore
import VigilHub
import VigilStore

/// Sends what the outbox holds, off the commit path. It is rung after a commit that queued
/// messages and by the domain's clock when a retry falls due; one pass runs at a time, reads at
/// most `batch` deliveries, sends them at once and writes what became of them in one small
/// transaction of its own. A publish never waits for it, and a push service that is slow or down
/// costs the sender's time alone.
final class PushSender: Sendable {
    /// Deliveries read and sent in one pass.
    static let batch = 64
    /// Tries of one delivery before it is given up (and it is always given up once its message's
    /// time to live is over).
    static let maxAttempts: Int64 = 8
    /// The first retry's wait; each next one doubles it, up to `longestWait`.
    static let firstWait: Int64 = 5_000
    static let longestWait: Int64 = 600_000
    private let store: any EventStore
    private let clock: any HubClock
    private let vapid: VapidKey
    /// How the push services reach the hub's operator (RFC 8292 §2.1): `HubConfiguration.operatorContact`.
    private let subject: String
    private let transport: PushTransport
    private let state = Mutex<(running: Bool, again: Bool)>((false, false))

    init(store: any EventStore, clock: any HubClock, vapid: VapidKey, subject: String, transport: PushTransport) {
        self.store = store
        self.clock = clock
        self.vapid = vapid
        self.subject = subject
        self.transport = transport
    }

    /// Starts a pass, or, while one runs, asks it to look again once it is done.
    func ring() {
        let starting = state.withLock { state in
            guard !state.running else {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        if starting { Task { await self.run() } }
    }

    private func run() async {
        while true {
            let more = (try? await pass()) ?? false
            let done = state.withLock { state in
                guard more || state.again else {
                    state.running = false
                    return true
                }
                state.again = false
                return false
            }
            if done { return }
        }
    }

    /// Sends one batch of the deliveries due now and records what became of each; whether the
    /// batch was full (more may be due).
    private func pass() async throws -> Bool {
        let now = clock.milliseconds()
        let due = try await store.read { transaction in try PushTables(transaction).outgoingPushes(at: now, limit: Self.batch) }
        guard !due.isEmpty else { return false }
        let outcomes = await withTaskGroup(of: (OutgoingPush, PushOutcome).self) { group in
            for push in due {
                group.addTask { (push, await self.send(push, at: now)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        try await store.write { transaction in
            for (push, outcome) in outcomes {
                switch outcome {
                case .done: try PushTables(transaction).finishDelivery(push)
                case .phoneGone: try PushTables(transaction).dropPhone(id: push.phoneId)
                case .retry(let at): try PushTables(transaction).postponeDelivery(push, to: at)
                }
            }
        }
        return due.count == Self.batch
    }

    /// Sends `push` and says what to do with its delivery.
    private func send(_ push: OutgoingPush, at now: Int64) async -> PushOutcome {
        let expiry = push.createdAt + push.ttlSeconds * 1000
        guard now < expiry, let url = URL(string: push.endpoint), let keys = PushReceiverKeys(p256dh: push.p256dh, auth: push.auth) else {
            return .done
        }
        let answer: PushTransport.Answer
        do {
            let body = try PushMessageEncryption.encrypt(Array(push.payload.utf8), for: keys)
            let headers = [
                ("Authorization", try vapid.authorization(for: url, expiry: now / 1000 + 12 * 3600, subject: subject)),
                ("Content-Encoding", "aes128gcm"), ("Content-Type", "application/octet-stream"),
                ("TTL", "\((expiry - now) / 1000)"), ("Urgency", push.urgency), ("Topic", push.tag),
            ]
            answer = try await transport.post(to: url, headers: headers, body: body)
        } catch PushTransport.Failure.addressRefused(_) {
            return .done
        } catch {
            return retry(push, at: now, wait: nil, expiry: expiry)
        }
        switch answer.status {
        case 200..<300: return .done
        case 404, 410: return .phoneGone
        case 429, 500..<600: return retry(push, at: now, wait: Self.wait(retryAfter: answer.retryAfter, at: now), expiry: expiry)
        default: return .done  // refused for good (400, 403, 413): sending it again changes nothing
        }
    }

    /// The next try, after `wait` (the push service's `Retry-After`) or the backoff, whichever is
    /// longer; none when the tries are spent or the message would be stale by then.
    private func retry(_ push: OutgoingPush, at now: Int64, wait: Int64?, expiry: Int64) -> PushOutcome {
        let backoff = min(Self.firstWait << min(push.attempts, 20), Self.longestWait)
        let next = now + max(backoff, wait ?? 0)
        guard push.attempts + 1 < Self.maxAttempts, next < expiry else { return .done }
        return .retry(at: next)
    }

    /// `Retry-After` in milliseconds: seconds, or an HTTP date (RFC 9110 §10.2.3); at most an hour.
    static func wait(retryAfter: String?, at now: Int64) -> Int64? {
        guard let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int64(retryAfter), seconds >= 0 { return min(seconds, 3600) * 1000 }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = format.date(from: retryAfter) else { return nil }
        return min(max(Int64(date.timeIntervalSince1970 * 1000) - now, 0), 3_600_000)
    }
}

/// What becomes of one delivery after a try.
enum PushOutcome: Sendable, Equatable {
    /// Sent, expired, or refused for good: it leaves the outbox.
    case done
    /// The push service says the subscription is no more (404, 410): the phone goes.
    case phoneGone
    case retry(at: Int64)
}
