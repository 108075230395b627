import VigilClient
import VigilCore

extension VigilClient {
    /// Subscribes to `topic` only to be seen there: presence follows exact subscriptions, and the
    /// dashboard shows who is on `checkins/{site}`. The events are read and let go.
    func showPresence(on topic: String) async throws {
        let events = try await subscribe(topic)
        Task {
            do {
                for try await _ in events {}
            } catch {
                // The stream ends with the connection; nothing to do.
            }
        }
    }
}
