import ArgumentParser
import Foundation
import Logging
import VigilCore
import VigilDomains
import VigilHub
import VigilServer
import VigilStore

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the hub: HTTPS and WSS, with SQLite and a development certificate made on first start.")

    @Option(help: "Address to listen on (env VIGIL_HOST, default 127.0.0.1).") var host: String?
    @Option(help: "Port (env VIGIL_PORT, default 8443).") var port: Int?
    @OptionGroup var store: StoreOptions
    @Option(help: "PEM certificate chain (env VIGIL_CERT); without it a development CA and certificate are made in certs/.") var cert: String?
    @Option(help: "PEM private key (env VIGIL_KEY).") var key: String?
    @Option(name: .customLong("cert-dir"), help: "Where development certificates are made (env VIGIL_CERT_DIR, default certs).") var certDirectory:
        String?
    @Option(
        name: .customLong("allow-origin"),
        help: "A browser origin allowed to connect; repeat for more (env VIGIL_ALLOWED_ORIGINS, comma-separated; default the server's own).")
    var allowedOrigins: [String] = []
    @Option(name: .customLong("public-dir"), help: "Static files to serve (env VIGIL_PUBLIC_DIR, default public).") var publicDirectory: String?
    @Option(
        name: .customLong("api-document"),
        help: "The OpenAPI document served as /api/openapi.json (env VIGIL_API_DOCUMENT, default docs/openapi.yaml).")
    var apiDocument: String?
    @Option(
        name: .customLong("max-db-mb"),
        help:
            "Refuse publishes (store_unavailable) once the database file reaches this many MiB; reads go on (env VIGIL_MAX_DB_MB; default: no bound but the disk)."
    )
    var maxDatabaseMegabytes: Int?
    @Flag(
        name: .customLong("conformance-echo"),
        help: ArgumentHelp(
            "Testing only: also serve an unauthenticated echo WebSocket at /conformance/echo for the conformance suite (env VIGIL_CONFORMANCE_ECHO=1).",
            visibility: .hidden))
    var conformanceEcho = false
    @Option(
        name: .customLong("ping-interval"),
        help: ArgumentHelp(
            "Testing only: seconds between the WebSocket pings of every connection (env VIGIL_PING_INTERVAL, default 30).", visibility: .hidden))
    var pingIntervalSeconds: Int?
    @Option(
        name: .customLong("messages-per-second"),
        help: "Requests per second one connection may send, bursts of twice that (env VIGIL_MESSAGES_PER_SECOND, default 200).")
    var messagesPerSecond: Int?
    @Option(
        name: .customLong("max-message-bytes"),
        help:
            "The largest WebSocket message (inflated, when compressed) and HTTP publish body, in bytes (env VIGIL_MAX_MESSAGE_BYTES, default 65536)."
    )
    var maxMessageBytes: Int?
    @Option(
        name: .customLong("max-connections-per-token"),
        help:
            "Connections one token may hold at once, on all the nodes of a shared database together (env VIGIL_MAX_CONNECTIONS_PER_TOKEN, default 64)."
    )
    var maxConnectionsPerToken: Int?
    @Option(
        name: .customLong("index-mb-per-site"),
        help:
            "MiB of one site's detections an in-memory index may keep; queries read older ones from the database (env VIGIL_INDEX_MB_PER_SITE, default 512)."
    )
    var indexMegabytesPerSite: Int?
    @Option(
        name: .customLong("legacy-http-port"),
        help:
            "Also listen on this port in plain HTTP for old flood apps: only POST /index.php and the KML files it points to (env VIGIL_LEGACY_HTTP_PORT; default: off). See docs/security.md."
    )
    var legacyHTTPPort: Int?
    @Option(
        name: .customLong("metrics-token"),
        help: "Serve /metrics only to requests bearing this secret as Authorization: Bearer (env VIGIL_METRICS_TOKEN; default: open).")
    var metricsToken: String?
    @Flag(
        name: .customLong("no-permessage-deflate"),
        help: "Decline every WebSocket client's offer of permessage-deflate: frames go uncompressed (env VIGIL_PERMESSAGE_DEFLATE=off).")
    var noPermessageDeflate = false
    @Option(
        name: .customLong("keep-audit"),
        help: "How long the audit trail keeps an entry: 1d to 366d, or forever (env VIGIL_KEEP_AUDIT, default 366d).")
    var keepAudit: String?
    @OptionGroup var map: MapOptions
    @OptionGroup var push: PushOptions
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error (env VIGIL_LOG_LEVEL, default info).") var logLevel:
        String?

    func run() async throws {
        var configuration = ServerConfiguration()
        configuration.host = setting(host, env: "VIGIL_HOST", default: "127.0.0.1")
        guard let port = port ?? Int(setting(nil, env: "VIGIL_PORT", default: "8443")) else {
            throw ValidationError("VIGIL_PORT must be a number")
        }
        configuration.port = port
        configuration.dataDirectory = store.directory
        configuration.databaseAddress = try store.address()
        configuration.certificateFile = cert ?? ProcessInfo.processInfo.environment["VIGIL_CERT"]
        configuration.keyFile = key ?? ProcessInfo.processInfo.environment["VIGIL_KEY"]
        guard (configuration.certificateFile == nil) == (configuration.keyFile == nil) else {
            throw ValidationError("give both --cert and --key, or neither")
        }
        configuration.certificateDirectory = URL(fileURLWithPath: setting(certDirectory, env: "VIGIL_CERT_DIR", default: "certs"))
        configuration.allowedOrigins =
            allowedOrigins.isEmpty
            ? (ProcessInfo.processInfo.environment["VIGIL_ALLOWED_ORIGINS"] ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            : allowedOrigins
        configuration.publicDirectory = setting(publicDirectory, env: "VIGIL_PUBLIC_DIR", default: "public")
        configuration.apiDocument = setting(apiDocument, env: "VIGIL_API_DOCUMENT", default: "docs/openapi.yaml")
        if let megabytes = maxDatabaseMegabytes ?? ProcessInfo.processInfo.environment["VIGIL_MAX_DB_MB"].flatMap({ Int($0) }) {
            guard megabytes > 0 else { throw ValidationError("--max-db-mb must be at least 1") }
            configuration.maxDatabaseBytes = megabytes * 1024 * 1024
        }
        configuration.conformanceEcho = conformanceEcho || ProcessInfo.processInfo.environment["VIGIL_CONFORMANCE_ECHO"] == "1"
        if let seconds = pingIntervalSeconds ?? ProcessInfo.processInfo.environment["VIGIL_PING_INTERVAL"].flatMap({ Int($0) }) {
            guard seconds > 0 else { throw ValidationError("--ping-interval must be at least 1") }
            configuration.pingInterval = .seconds(seconds)
        }
        if let limit = messagesPerSecond ?? ProcessInfo.processInfo.environment["VIGIL_MESSAGES_PER_SECOND"].flatMap({ Int($0) }) {
            guard limit > 0 else { throw ValidationError("the messages-per-second limit must be positive") }
            configuration.hub.messagesPerSecond = limit
        }
        if let bytes = maxMessageBytes ?? ProcessInfo.processInfo.environment["VIGIL_MAX_MESSAGE_BYTES"].flatMap({ Int($0) }) {
            guard bytes >= 1024 else { throw ValidationError("--max-message-bytes must be at least 1024") }
            configuration.hub.maxFrameBytes = bytes
        }
        if let limit = maxConnectionsPerToken ?? ProcessInfo.processInfo.environment["VIGIL_MAX_CONNECTIONS_PER_TOKEN"].flatMap({ Int($0) }) {
            guard limit > 0 else { throw ValidationError("--max-connections-per-token must be at least 1") }
            configuration.hub.maxConnectionsPerToken = limit
        }
        if let megabytes = indexMegabytesPerSite ?? ProcessInfo.processInfo.environment["VIGIL_INDEX_MB_PER_SITE"].flatMap({ Int($0) }) {
            guard megabytes > 0 else { throw ValidationError("--index-mb-per-site must be at least 1") }
            configuration.hub.indexBytesPerSite = megabytes << 20
        }
        configuration.legacyHTTPPort = legacyHTTPPort ?? ProcessInfo.processInfo.environment["VIGIL_LEGACY_HTTP_PORT"].flatMap { Int($0) }
        configuration.metricsToken = metricsToken ?? ProcessInfo.processInfo.environment["VIGIL_METRICS_TOKEN"]
        if configuration.metricsToken?.isEmpty == true { throw ValidationError("--metrics-token must not be empty") }
        configuration.permessageDeflate = !noPermessageDeflate && ProcessInfo.processInfo.environment["VIGIL_PERMESSAGE_DEFLATE"] != "off"
        if let kept = keepAudit ?? ProcessInfo.processInfo.environment["VIGIL_KEEP_AUDIT"] {
            let milliseconds = DurationText.milliseconds(kept)
            guard kept == "forever" || milliseconds ?? 0 >= 86_400_000 else {
                throw ValidationError("--keep-audit takes a duration from 1d to 366d, such as 180d, or forever: \(kept)")
            }
            configuration.hub.auditRetentionMs = milliseconds
        }
        map.apply(to: &configuration)
        try push.apply(to: &configuration.hub)

        var logger = Logger(label: "vigil")
        logger.logLevel = Logger.Level(rawValue: setting(logLevel, env: "VIGIL_LOG_LEVEL", default: "info")) ?? .info

        let server = try HubServer(configuration: configuration, domains: Domains.registered, logger: logger)
        // On every address (0.0.0.0, ::) the hub is reached on this machine as localhost, a name its certificate holds.
        let shownHost = ["0.0.0.0", "::"].contains(configuration.host) ? "localhost" : configuration.host
        let origin = "https://\(shownHost.contains(":") ? "[\(shownHost)]" : shownHost):\(configuration.port)"
        say("Vigil hub on \(origin) (WebSocket \(origin.replacingOccurrences(of: "https:", with: "wss:"))/ws)")
        say("Database: \(configuration.store)")
        if let legacy = configuration.legacyHTTPPort {
            say("Legacy flood API in plain HTTP on http://\(configuration.host):\(legacy)/index.php")
        }
        if let ca = server.developmentCA {
            say(
                """
                Development CA: \(ca.path)
                  trust it with curl:    curl --cacert \(ca.path) \(origin)/healthz
                  trust it in a browser: import it as an authority (Chrome: Settings > Privacy and security >
                                         Security > Manage certificates > Authorities; Firefox: Settings >
                                         Certificates > View Certificates > Authorities > Import)
                """)
        }
        if try TokenRepository(database: server.database).isEmpty() {
            let issued = try TokenIssuer(tokens: TokenRepository(database: server.database))
                .issue(role: .admin, sites: [], allSites: true, name: "first-admin", now: SystemClock().milliseconds())
            say(
                """
                The database is new. Sign in as admin, once, with this link (it is shown only now):
                  \(origin)/#token=\(issued.secret)
                """)
        }
        try await server.run()
    }
}
