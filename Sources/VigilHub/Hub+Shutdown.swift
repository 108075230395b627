import VigilCore

extension Hub {
    /// Begins shutdown: every open connection is sent what its outbox already holds, then a close
    /// with 1001; a connection opened from now on gets the same close at once.
    public func beginShutdown() {
        sessions.drain()
    }

    /// True once shutdown has begun: nothing new is admitted.
    public var isShuttingDown: Bool {
        sessions.isDraining
    }

    /// Connections not yet ended.
    public var openSessionCount: Int {
        sessions.count
    }
}
