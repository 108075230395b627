import Foundation
import VigilHub

/// Everything `vigil serve` is told: where to listen, where the data and certificates live, who
/// may connect from a browser, and the hub's limits.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (tests); the bound port is reported by `RunningServer.port`.
    public var port = 8443
    public var dataDirectory = URL(fileURLWithPath: "data")
    /// A PEM certificate chain and key; when nil a development CA and certificate are made in `certificateDirectory`.
    public var certificateFile: String?
    public var keyFile: String?
    public var certificateDirectory = URL(fileURLWithPath: "certs")
    /// Origins allowed to open a WebSocket from a browser. Empty means only the server's own origin.
    public var allowedOrigins: [String] = []
    public var publicDirectory = "public"
    public var hub = HubConfiguration()

    public init() {}

    public var databasePath: String { dataDirectory.appendingPathComponent("vigil.sqlite").path }
}
