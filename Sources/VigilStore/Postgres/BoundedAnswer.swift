import PostgresNIO
import Synchronization

/// Awaits a call of postgres-nio's async API on one connection, and gives up on it when the
/// connection is seen closed with no answer, after `timeout`, or when the awaiting task is
/// cancelled.
///
/// postgres-nio (1.33) writes a query to its channel without a promise for the write, so a query
/// written as the connection closes is neither answered nor failed, and its `await` never ends;
/// nor does it end when the task is cancelled. The follower awaiting such a query stopped
/// following for good, and held the hub's shutdown, which waits for it. A call given up on is left
/// to end when it will, if ever: it holds only its connection, which is closed.
enum BoundedAnswer {
    /// How often the connection is looked at while an answer is awaited.
    static let closedCheckInterval: Duration = .milliseconds(250)

    static func await<Value: Sendable>(
        on connection: PostgresConnection, within timeout: Duration, _ call: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let outcome = Outcome<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.await(continuation)
                let work = Task {
                    do {
                        outcome.finish(.success(try await call()))
                    } catch {
                        outcome.finish(.failure(error))
                    }
                }
                Task {
                    let deadline = ContinuousClock.now + timeout
                    var closedSeen = false
                    while !outcome.isFinished {
                        try? await Task.sleep(for: closedCheckInterval)
                        // Closed at one look, still no answer at the next: a failure the close
                        // makes has had its time to come.
                        if closedSeen || ContinuousClock.now >= deadline {
                            let why = closedSeen ? "closed before it answered" : "did not answer within \(timeout)"
                            outcome.finish(.failure(StoreError.unavailable("the connection to the PostgreSQL server \(why)")))
                        }
                        closedSeen = connection.isClosed
                    }
                    work.cancel()
                }
            }
        } onCancel: {
            outcome.finish(.failure(CancellationError()))
        }
    }

    /// The first of the call's answer, its giving up and its cancellation, handed to the awaiting
    /// task once, whichever order they come in (a cancellation may come before the task awaits).
    private final class Outcome<Value: Sendable>: Sendable {
        private enum State {
            case pending(CheckedContinuation<Value, any Error>?)
            case finished(Result<Value, any Error>?)
        }

        private let state = Mutex(State.pending(nil))

        var isFinished: Bool {
            state.withLock { if case .finished = $0 { true } else { false } }
        }

        func await(_ continuation: CheckedContinuation<Value, any Error>) {
            let early = state.withLock { state -> Result<Value, any Error>? in
                guard case .finished(let result) = state else {
                    state = .pending(continuation)
                    return nil
                }
                state = .finished(nil)
                return result
            }
            if let early { continuation.resume(with: early) }
        }

        func finish(_ result: Result<Value, any Error>) {
            let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                guard case .pending(let continuation) = state else { return nil }
                // Before the task awaits: kept for it.
                state = .finished(continuation == nil ? result : nil)
                return continuation
            }
            waiting?.resume(with: result)
        }
    }
}
