import DequeModule
import Synchronization

/// What a connection asked of the hub and the hub has not yet taken, in the order it came. One
/// task at a time takes them, and only while there are some: a connection that asks nothing has
/// no task. Past `pauseAt` waiting requests the connection stops reading until they are taken.
final class RequestQueue: Sendable {
    enum Request: Sendable {
        /// The bearer token of the upgrade request, checked before anything the connection sends.
        case authenticate(secret: String)
        case text(String)
    }

    private struct State {
        var waiting = Deque<Request>()
        var draining = false
        var readingPaused = false
    }

    private let state = Mutex(State())
    let pauseAt: Int

    init(pauseAt: Int) {
        self.pauseAt = pauseAt
    }

    /// Adds a request. `startDraining`: no task is taking requests, the caller starts one.
    /// `pauseReading`: enough are waiting, the connection should stop reading.
    func add(_ request: Request) -> (startDraining: Bool, pauseReading: Bool) {
        state.withLock { state in
            state.waiting.append(request)
            let start = !state.draining
            state.draining = true
            let pause = !state.readingPaused && state.waiting.count >= pauseAt
            if pause { state.readingPaused = true }
            return (start, pause)
        }
    }

    /// The next request, or nil once there are none (the draining task then ends).
    /// `resumeReading`: the connection had stopped reading and may go on.
    func next() -> (request: Request?, resumeReading: Bool) {
        state.withLock { state in
            guard let request = state.waiting.popFirst() else {
                state.draining = false
                let resume = state.readingPaused
                state.readingPaused = false
                return (nil, resume)
            }
            return (request, false)
        }
    }
}
