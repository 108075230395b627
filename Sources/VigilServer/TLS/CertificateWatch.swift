import ServiceLifecycle
import UnixSignals

/// Reloads the served certificate when the process gets SIGHUP and when its files change (looked
/// at every `interval`), until the server shuts down.
struct CertificateWatch: Service {
    let certificate: ServerCertificate
    let interval: Duration
    /// SIGHUP, trapped before the server starts by a hub that owns its process (`vigil serve`);
    /// nil for one started inside another program.
    let hangUps: UnixSignalsSequence?

    func run() async {
        try? await cancelWhenGracefulShutdown {
            try await withThrowingDiscardingTaskGroup { group in
                if let hangUps {
                    group.addTask {
                        for await _ in hangUps {
                            certificate.reload(reason: "SIGHUP")
                        }
                    }
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: interval)
                        certificate.reloadIfChanged()
                    }
                }
            }
        }
    }
}
