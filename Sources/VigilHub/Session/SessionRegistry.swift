import Logging
import Synchronization
import VigilCore
import VigilStore

/// The open sessions: how many each token holds, which to end when a token is revoked or expires,
/// and draining at shutdown. It knows nothing of what a session subscribes to.
final class SessionRegistry: Sendable {
    static let shutdownClose = Outbox.CloseReason.close(.goingAway, reason: "server shutting down")

    private struct State {
        var sessions: [String: Session] = [:]
        var perToken: [String: Int] = [:]
        /// What the other hubs of a shared store last said each token holds there.
        var elsewhere: [String: Int] = [:]
    }

    private let state = Mutex(State())
    /// Set once shutdown has begun: a connection opened from then on is closed at once.
    private let draining = Atomic<Bool>(false)
    private let maxPerToken: Int
    private let logger: Logger

    init(maxPerToken: Int, logger: Logger) {
        self.maxPerToken = maxPerToken
        self.logger = logger
    }

    func open(_ session: Session) {
        state.withLock { $0.sessions[session.id] = session }
        if isDraining { session.outbox.close(Self.shutdownClose) }
    }

    /// Counts the session against its token; false when the token already holds its limit, here
    /// and on the other hubs of a shared store together.
    func admit(tokenID: String) -> Bool {
        state.withLock { state in
            guard state.perToken[tokenID, default: 0] + state.elsewhere[tokenID, default: 0] < maxPerToken else { return false }
            state.perToken[tokenID, default: 0] += 1
            return true
        }
    }

    /// Forgets the session and, when it was authenticated, its place in its token's count.
    func close(_ session: Session, tokenID: String?) {
        state.withLock { state in
            state.sessions[session.id] = nil
            guard let tokenID else { return }
            state.perToken[tokenID, default: 1] -= 1
            if state.perToken[tokenID] == 0 { state.perToken[tokenID] = nil }
        }
    }

    var count: Int { state.withLock { $0.sessions.count } }

    /// How many connections each token holds on this hub.
    var connectionsPerToken: [String: Int] { state.withLock { $0.perToken } }

    /// What the other hubs of a shared store now hold, by token: counted by `admit`.
    func othersHold(_ connections: [String: Int]) {
        state.withLock { $0.elsewhere = connections }
    }

    private var all: [Session] { state.withLock { Array($0.sessions.values) } }

    /// Ends the sessions whose token `ended` names (close 4010); returns how many.
    func endSessions(ofTokens ended: (Set<String>) async -> [String: TokenRepository.Ending]) async -> Int {
        let sessions = all
        let endings = await ended(Set(sessions.compactMap { $0.identity?.tokenID }))
        guard !endings.isEmpty else { return 0 }
        var closed = 0
        for session in sessions {
            guard let tokenID = session.identity?.tokenID, let ending = endings[tokenID] else { continue }
            let (message, reason) =
                ending == .revoked
                ? ("the token has been revoked", "token revoked") : ("the token has expired", "token expired")
            logger.notice(
                "closing a connection whose token ended", metadata: ["session": "\(session.id)", "token": "\(tokenID)", "reason": "\(reason)"])
            session.end(with: ProtocolError(.unauthorized, message), code: .tokenRevoked, reason: reason)
            closed += 1
        }
        return closed
    }

    /// Begins draining: every open session is sent what its outbox holds, then a close with 1001.
    func drain() {
        draining.store(true, ordering: .releasing)
        let sessions = all
        logger.notice("shutting down: closing connections", metadata: ["connections": "\(sessions.count)"])
        for session in sessions {
            session.outbox.close(Self.shutdownClose)
        }
    }

    var isDraining: Bool { draining.load(ordering: .acquiring) }
}
