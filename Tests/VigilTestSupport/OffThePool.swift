import Foundation

/// Runs blocking work (SQLite with fsync, waiting for a process, making a certificate) on a thread
/// of its own. Every hub of a parallel test run shares the process's few cooperative threads, so a
/// test that blocked one of them would stall the other tests' hubs. Not on Dispatch's global
/// queue either: on Linux its workers are about as many as the cores, the hubs' database queues
/// run on them, and a curl waiting there for a hub would wait for itself.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
