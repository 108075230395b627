import Foundation

/// Runs blocking work (SQLite with fsync, waiting for a process, making a certificate) on a thread
/// of its own. Every hub of a parallel test run shares the process's few cooperative threads, so a
/// test that blocked one of them would stall the other tests' hubs.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try body() })
        }
    }
}
