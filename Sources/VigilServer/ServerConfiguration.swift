import Foundation
import VigilHub
import VigilStore

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
    /// How often the certificate and key files are looked at for a change (a renewal), which
    /// reloads them as SIGHUP does.
    public var certificateCheckInterval: Duration = .seconds(2)
    public var certificateDirectory = URL(fileURLWithPath: "certs")
    /// Origins allowed to open a WebSocket from a browser. Empty means only the server's own origin.
    public var allowedOrigins: [String] = []
    public var publicDirectory = "public"
    /// The OpenAPI document served as JSON at `/api/openapi.json`; when missing, that route answers 404.
    public var apiDocument = "docs/openapi.yaml"
    /// Debian's browser libraries (`libjs-leaflet` puts Leaflet in `leaflet/`), served under
    /// `/vendor/`: the hub's pages load no script from another origin.
    public var javascriptDirectory = "/usr/share/javascript"
    public var hub = HubConfiguration()
    /// An MBTiles file of raster tiles the hub serves to its pages under `/map/tiles/` (works offline).
    public var mapTiles: String?
    /// Or a tile server's URL template (`https://tiles.example.org/{z}/{x}/{y}.png`) the pages load
    /// tiles from; the CSP then allows its origin in `img-src`. Not both.
    public var mapTilesURL: String?
    /// The credit the tile server requires, shown on the map.
    public var mapAttribution: String?
    /// The most the database file may grow to; past it publishes get `store_unavailable` while
    /// reads go on. nil: bounded only by the disk.
    public var maxDatabaseBytes: Int?
    /// A new connection must finish its TLS handshake and first request head within this.
    public var openingTimeout: Duration = .seconds(10)
    /// An HTTP connection with no request in progress is closed after this.
    public var httpIdleTimeout: Duration = .seconds(60)
    /// Every WebSocket is pinged this often; one that has not answered the previous ping by then is
    /// closed (a peer that vanished without a word is let go within two intervals).
    public var pingInterval: Duration = .seconds(30)
    /// How long a WebSocket peer that has been sent a close frame (a slow consumer's 4008 among
    /// them) may take to read it and hang up before its socket is aborted.
    public var closeGrace: Duration = .seconds(2)
    /// Whether a WebSocket client's permessage-deflate offer is taken (`vigil serve
    /// --no-permessage-deflate` declines every offer): an operator may trade the bytes saved for
    /// the hub's CPU, or keep secrets and text a peer chose out of one compressed frame.
    public var permessageDeflate = true
    /// With permessage-deflate agreed, a WebSocket frame of this many bytes or more is sent
    /// compressed; smaller ones (replies, presence, most single events) go as they are, since
    /// deflated on their own they shrink by little for the work.
    public var compressionThreshold = 512
    /// Serves the test-only echo endpoint (`ConformanceEcho`) for the WebSocket conformance suite.
    /// Off unless the server is started for testing.
    public var conformanceEcho = false
    /// A plain-HTTP port serving only the routes kept for old clients (the legacy flood API), for
    /// apps that cannot speak TLS; nil (the default) opens none. 0 picks a free port (tests).
    public var legacyHTTPPort: Int?
    /// When set, `/metrics` answers only requests that bear it (`Authorization: Bearer ...`): a
    /// scraper's secret of its own, not a hub token. nil: open to whoever reaches the port.
    public var metricsToken: String?
    /// Requests without a token (open routes), per client address: per second on average, and burst.
    public var openRequestsPerSecond = 1
    public var openRequestsBurst = 20

    public init() {}

    /// Where everything is kept: nil (the default) for `vigil.sqlite` in the data directory.
    public var databaseAddress: StoreAddress?

    public var databasePath: String { dataDirectory.appendingPathComponent("vigil.sqlite").path }
    public var store: StoreAddress { databaseAddress ?? .sqlite(path: databasePath) }
}
