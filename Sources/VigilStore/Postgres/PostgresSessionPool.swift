import Dispatch
import Synchronization

/// Connections of one kind (the writers, or the readers), each lent to one thread at a time: a
/// thread that finds none idle waits for one to come back.
final class PostgresSessionPool: Sendable {
    private let idle: Mutex<[PostgresSession]>
    private let turns: DispatchSemaphore

    init(_ sessions: [PostgresSession]) {
        idle = Mutex(sessions)
        turns = DispatchSemaphore(value: sessions.count)
    }

    /// Runs `body` with a connection of the pool's own, on the calling thread.
    func withSession<T>(_ body: (PostgresSession) throws -> T) rethrows -> T {
        turns.wait()
        defer { turns.signal() }
        guard let session = idle.withLock({ $0.popLast() }) else { preconditionFailure("a turn without a connection") }
        defer { idle.withLock { $0.append(session) } }
        return try body(session)
    }

    /// Closes the idle connections, without waiting for any lent out.
    func close() {
        idle.withLock { sessions in sessions.forEach { $0.close() } }
    }
}
