import ServiceLifecycle
import VigilHub

/// Graceful shutdown, run before the HTTP server's own: from now on nothing new is admitted (HTTP
/// requests get 503 `shutting_down`, a new WebSocket is closed at once with 1001); every open
/// connection takes what its outbox holds and is closed with 1001 ("going away"); and the drain
/// waits, bounded, until they have hung up. Then the HTTP server closes its listener. Left to
/// itself the WebSocket layer would close every connection at once with 1000.
struct ConnectionDrain: Service {
    let hub: Hub
    /// How long connections may take to drain and hang up before the server closes what is left.
    static let limit: Duration = .seconds(5)

    func run() async {
        do {
            try await gracefulShutdown()
        } catch {
            return  // cancelled: the server is being torn down, not drained
        }
        hub.beginShutdown()
        let clock = ContinuousClock()
        let deadline = clock.now + Self.limit
        while hub.openSessionCount > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
