import Synchronization

/// What wakes a follower: a notification that a transaction committed events (with its id), or the
/// end of its longest wait.
final class FollowerWakeup: Sendable {
    private struct State {
        var isSignalled = false
        var waiter: CheckedContinuation<Void, Never>?
        var newestNotified: Int64 = 0
    }

    private let state = Mutex(State())

    /// The newest transaction a notification named.
    var newestNotified: Int64 { state.withLock { $0.newestNotified } }

    /// Wakes the follower; `committed` is the transaction the notification named, if any.
    func signal(committed: Int64? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let committed { state.newestNotified = max(state.newestNotified, committed) }
            guard let waiter = state.waiter else {
                state.isSignalled = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns at the next signal (at once if one came since the last wait), after `timeout`, or
    /// when the task is cancelled.
    func wait(atMost timeout: Duration) async {
        // A timer cancelled because a signal came first must not signal: that signal would be
        // kept for the next wait, which would return at once, and cancel its own timer, and so on:
        // a follower reading without rest (each idle node took 40 % of a core).
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            self?.signal()
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    guard !state.isSignalled else {
                        state.isSignalled = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            signal()
        }
    }
}
