import ServiceLifecycle
import VigilHub

/// Fans out to this hub's subscribers what other hubs on the same store commit, for as long as the
/// hub serves (`Hub.followOtherHubs`; nothing to do on SQLite, which one hub writes).
struct OtherHubs: Service {
    let hub: Hub

    func run() async {
        try? await cancelWhenGracefulShutdown {
            await hub.followOtherHubs()
            // A service that returns would end the server.
            try await gracefulShutdown()
        }
    }
}
