import VigilCore

extension Hub {
    static let shutdownClose = Outbox.CloseReason.close(.goingAway, reason: "server shutting down")

    /// Begins shutdown: every open connection is sent what its outbox already holds, then a close
    /// with 1001; a connection opened from now on gets the same close at once.
    public func beginShutdown() {
        draining.store(true, ordering: .releasing)
        let sessions = openSessions.withLock { Array($0.values) }
        logger.notice("shutting down: closing connections", metadata: ["connections": "\(sessions.count)"])
        for session in sessions {
            session.outbox.close(Self.shutdownClose)
        }
    }

    /// True once shutdown has begun: nothing new is admitted.
    public var isShuttingDown: Bool {
        draining.load(ordering: .acquiring)
    }

    /// Connections not yet ended.
    public var openSessionCount: Int {
        openSessions.withLock { $0.count }
    }
}
