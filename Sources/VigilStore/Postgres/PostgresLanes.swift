import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The store's connections and the threads that use them: a few writer connections, each running
/// one write transaction at a time (the hub gives them batches of different sites, which commit
/// beside each other), and a few reader connections for reads that run beside them. Blocking work
/// runs on threads of the store's own, never on the cooperative pool, whose threads a waiting
/// query would starve.
final class PostgresLanes: Sendable {
    private let threads: NIOThreadPool
    private let writers: PostgresSessionPool
    private let readers: PostgresSessionPool

    init(location: PostgresLocation, writers: Int, readers: Int) throws(StoreError) {
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        var sessions: [PostgresSession] = []
        do throws(StoreError) {
            for id in 0..<writers + readers { sessions.append(try PostgresSession.connect(to: location, on: eventLoop, id: id)) }
        } catch {
            // The server refused one (too many clients, say): those made before are closed, as a
            // connection must be before it goes.
            sessions.forEach { $0.close() }
            throw error
        }
        self.writers = PostgresSessionPool(Array(sessions[..<writers]))
        self.readers = PostgresSessionPool(Array(sessions[writers...]))
        threads = NIOThreadPool(numberOfThreads: writers + readers)
        threads.start()
    }

    /// Nothing here waits: the last reference may go on one of the store's own threads, which a
    /// synchronous shutdown of the pool would wait for forever.
    deinit {
        writers.close()
        readers.close()
        threads.shutdownGracefully { _ in }
    }

    /// One write transaction on a writer connection, on the calling thread: for the commands and
    /// startup. A deadlock or serialization failure against another writer (of this hub or another)
    /// runs it again; nothing of a failed attempt was committed, and its after-commit actions were
    /// dropped.
    func writeNow<T>(_ body: (PostgresTransaction) throws -> T) throws(StoreError) -> T {
        do {
            return try writers.withSession { writer in
                var attempt = 1
                while true {
                    do {
                        return try Self.transaction(on: writer, readOnly: false, body)
                    } catch  where PostgresFailure.isWorthRetrying(error) && attempt < 5 {
                        attempt += 1
                    }
                }
            }
        } catch {
            throw PostgresFailure.storeError(error, doing: "writing")
        }
    }

    /// One read transaction on a reader connection, on the calling thread: it sees one consistent
    /// state (REPEATABLE READ). A read whose connection broke (the server restarted, or ended it)
    /// runs once more on a new one: it changed nothing, and the caller (a subscriber's replay, say)
    /// need not fail for a connection the next read makes again.
    func readNow<T>(_ body: (PostgresTransaction) throws -> T) throws(StoreError) -> T {
        do {
            return try readers.withSession { reader in
                do {
                    return try Self.transaction(on: reader, readOnly: true, body)
                } catch  where reader.isBroken {
                    return try Self.transaction(on: reader, readOnly: true, body)
                }
            }
        } catch {
            throw PostgresFailure.storeError(error, doing: "reading")
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> T) async throws(StoreError) -> T {
        try await onStoreThread { () throws(StoreError) in try self.writeNow(body) }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresTransaction) throws -> T) async throws(StoreError) -> T {
        try await onStoreThread { () throws(StoreError) in try self.readNow(body) }
    }

    private func onStoreThread<T: Sendable>(_ work: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError) -> T {
        do {
            return try await threads.runIfActive { try work() }
        } catch {
            throw StoreError(error)
        }
    }

    private static func transaction<T>(on session: PostgresSession, readOnly: Bool, _ body: (PostgresTransaction) throws -> T) throws -> T {
        try session.reconnectIfClosed()
        try session.script(readOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY" : "BEGIN")
        let transaction = PostgresTransaction(session: session, isReadOnly: readOnly)
        let result: T
        do {
            result = try body(transaction)
        } catch {
            // A broken connection is closed, which ends its transaction on the server.
            if !session.isBroken { try? session.script("ROLLBACK") }
            throw error
        }
        do {
            try session.script("COMMIT")
        } catch {
            // The connection broke with the COMMIT on its way: the server may have committed and
            // only its answer been lost. One that knows its transaction's id asks the server, so
            // that what was stored is acknowledged and fanned out (`InDoubtCommit`), and what the
            // server cannot be asked about is said to be unknown, not failed.
            guard session.isBroken, let id = transaction.knownID else {
                if !session.isBroken { try? session.script("ROLLBACK") }
                throw error
            }
            switch InDoubtCommit.outcome(of: id, asking: session) {
            case .committed: break
            case .aborted: throw error
            case .unknown: throw StoreError.outcomeUnknown("\(error)")
            }
        }
        for action in transaction.afterCommitActions { action() }
        return result
    }
}
