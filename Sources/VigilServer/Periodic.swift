import ServiceLifecycle

/// Runs `body` every `interval` until the server shuts down: the token revocation sweep and the
/// domains' timers.
struct Periodic: Service {
    let interval: Duration
    let body: @Sendable () async -> Void

    func run() async {
        // Ends quietly when the hub shuts down.
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: interval)
                await body()
            }
        }
    }
}
