import ServiceLifecycle
import VigilHub

/// Closes, every `revocationCheckInterval`, the connections whose token was revoked while they
/// were open (`vigil token revoke` works on the database, so the hub looks for it).
struct RevocationSweep: Service {
    let hub: Hub

    func run() async {
        // Ends quietly when the hub shuts down.
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: hub.configuration.revocationCheckInterval)
                await hub.closeRevokedSessions()
            }
        }
    }
}
