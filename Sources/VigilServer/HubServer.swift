import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOSSL
import Prometheus
import ServiceLifecycle
import UnixSignals
import VigilCore
import VigilHub
import VigilStore

/// The hub behind HTTPS and WSS: opens the database, finds or makes the certificate, and wires the
/// routes. `run()` serves until SIGTERM/SIGINT; `start()` serves in the background (tests).
public struct HubServer: Sendable {
    public let configuration: ServerConfiguration
    public let database: any StoreDatabase
    public let hub: Hub
    /// Set when a development certificate is in use: the CA a client must trust.
    public let developmentCA: URL?
    /// Every method and path the HTTPS listener answers: its router's routes and the WebSocket
    /// upgrade (files are served beside them, not by routes). `docs/openapi.yaml` documents each.
    public let mountedRoutes: [MountedRoute]
    /// What the plain-HTTP legacy listener answers, when one is asked for.
    public let legacyRoutes: [MountedRoute]
    let application: Application<RouterResponder<VigilRequestContext>>

    /// Opens the database with the domains' migrations and assembles the hub: its store, bus,
    /// domains and clock (the system clock unless a test gives its own).
    public init(configuration: ServerConfiguration, domains: [any Domain.Type], clock: any HubClock = SystemClock(), logger: Logger) throws {
        self.configuration = configuration
        // Checked first: a map file that is not one refuses the start before anything is opened.
        let map = try MapSource(configuration)
        database = try configuration.store.open(migrations: domains.migrations, maxBytes: configuration.maxDatabaseBytes)
        let registry = PrometheusCollectorRegistry()
        hub = try Hub.embedded(
            database: database, domains: domains, configuration: configuration.hub, clock: clock,
            metrics: HubMetrics(factory: PrometheusMetricsFactory(registry: registry)), logger: logger)

        let certificateFile: String
        let keyFile: String
        if let givenCertificate = configuration.certificateFile, let givenKey = configuration.keyFile {
            (certificateFile, keyFile, developmentCA) = (givenCertificate, givenKey, nil)
        } else {
            let development = DevelopmentCertificates(directory: configuration.certificateDirectory)
            if try development.ensure() {
                logger.info("made a development CA and server certificate", metadata: ["directory": "\(development.directory.path)"])
            }
            (certificateFile, keyFile, developmentCA) = (development.serverCertificate.path, development.serverKey.path, development.caCertificate)
        }
        certificate = try ServerCertificate(certificateFile: certificateFile, keyFile: keyFile, logger: logger)

        let router = Router(context: VigilRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware(imageOrigin: map.imageOrigin))
        router.add(middleware: ShutdownGate(hub: hub))
        router.add(middleware: ControlCharacterGuard())
        router.add(middleware: FileMiddleware(configuration.publicDirectory, searchForIndexHtml: true))
        router.add(middleware: FileMiddleware(configuration.javascriptDirectory, urlBasePath: "/vendor"))
        APIRoutes(hub: hub, registry: registry, metricsToken: configuration.metricsToken).register(on: router)
        try OpenAPIRoute(path: configuration.apiDocument, logger: logger).register(on: router)
        ThumbnailRoutes(hub: hub).register(on: router)
        MapRoutes(source: map).register(on: router)
        let administration = Administration(database: database, hub: hub).routes
        let limiter = AddressLimiter(perSecond: configuration.openRequestsPerSecond, burst: configuration.openRequestsBurst)
        DomainRoutes(hub: hub, extra: administration, scheme: "https", limiter: limiter).register(on: router)

        if configuration.conformanceEcho {
            logger.warning("serving the test-only echo endpoint \(ConformanceEcho.path)")
        }
        let routes = WebSocketRoutes(
            hub: hub, originPolicy: OriginPolicy(configured: configuration.allowedOrigins), conformanceEcho: configuration.conformanceEcho,
            connection: .init(
                maxMessageBytes: configuration.hub.maxFrameBytes, pingInterval: TimeAmount(configuration.pingInterval),
                closeGrace: TimeAmount(configuration.closeGrace), sendBufferBytes: Self.webSocketSendBufferBytes,
                compressionThreshold: configuration.compressionThreshold, deflations: hub.metrics.deflatedFrames),
            endpoint: .init(refusalDelay: .milliseconds(100), maxWaitingRequests: 16),
            logger: logger)

        let (runningPorts, portContinuation) = AsyncStream.makeStream(of: Int.self)
        self.runningPorts = runningPorts
        drain = ConnectionDrain(hub: hub)
        if let port = configuration.legacyHTTPPort {
            legacy = LegacyListener(
                port: port, configuration: configuration,
                routes: DomainRoutes(hub: hub, extra: administration, scheme: "http", limiter: limiter, legacyOnly: true), hub: hub, logger: logger)
        } else {
            legacy = nil
        }
        mountedRoutes = router.routes.map(MountedRoute.init) + [MountedRoute(method: "GET", path: WebSocketRoutes.hubPath)]
        legacyRoutes = legacy?.routes ?? []
        application = Application(
            router: router,
            server: Self.serverBuilder(
                routes: routes, certificate: certificate, configuration: configuration, openingTimeouts: hub.metrics.openingTimeouts),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: configuration.hub.serverName),
            services: [
                // `vigil token revoke` works on the database, so the hub looks for revoked tokens.
                Periodic(interval: configuration.hub.revocationCheckInterval) { [hub] in await hub.closeRevokedSessions() },
                Periodic(interval: configuration.hub.timerInterval) { [hub] in
                    await hub.fireDueTimers()
                    await hub.pruneExpiredEvents()
                    await hub.pruneExpiredAuditEntries()
                },
                OtherHubs(hub: hub),
                Periodic(interval: configuration.hub.rosterInterval) { [hub] in await hub.exchangeWithOtherHubs() },
            ],
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
    }

    /// The kernel send buffer of every WebSocket socket (Linux books twice this): what a peer that
    /// stops reading can hold up in the kernel, and what a close frame may wait behind.
    static let webSocketSendBufferBytes = 128 * 1024

    private let runningPorts: AsyncStream<Int>
    /// Listed after the application: graceful shutdown runs in reverse order, so connections are
    /// drained and closed with 1001 before the HTTP server shuts down.
    private let drain: ConnectionDrain
    /// The plain-HTTP listener for old clients, when `legacyHTTPPort` asks for one.
    private let legacy: LegacyListener?
    /// The certificate and key served, read again on SIGHUP and when their files change.
    private let certificate: ServerCertificate

    private func serviceGroup(signals: [UnixSignal], hangUps: UnixSignalsSequence?) -> ServiceGroup {
        let watch = CertificateWatch(certificate: certificate, interval: configuration.certificateCheckInterval, hangUps: hangUps)
        let services: [any Service] = (legacy.map { [$0.application] } ?? []) + [application, drain, watch]
        return ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: signals, logger: application.logger))
    }

    /// Serves until the process is told to stop (SIGTERM or SIGINT); SIGHUP reloads the certificate.
    public func run() async throws {
        // Trapped before anything is served: SIGHUP's default action would end the process.
        let hangUps = await UnixSignalsSequence(trapping: .sighup)
        try await serviceGroup(signals: [.sigterm, .sigint], hangUps: hangUps).run()
    }

    /// Serves in the background and returns once the port is bound.
    public func start() async throws -> RunningServer {
        let group = serviceGroup(signals: [], hangUps: nil)
        let task = Task { try await group.run() }
        var ports = runningPorts.makeAsyncIterator()
        let port = await ports.next() ?? 0
        let legacyPort = await legacy?.boundPort()
        guard port > 0, legacy == nil || legacyPort != nil else {
            await group.triggerGracefulShutdown()
            _ = try await task.value
            throw CancellationError()
        }
        return RunningServer(port: port, legacyHTTPPort: legacyPort, hub: hub, group: group, task: task)
    }
}

/// One method and path a listener answers, the path in OpenAPI's form (`/api/sites/{site}/cameras`).
public struct MountedRoute: Hashable, Sendable, CustomStringConvertible {
    public let method: String
    public let path: String

    init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    init(_ route: Router<VigilRequestContext>.RouteDescription) {
        self.init(method: route.method.rawValue, path: route.path.description)
    }

    public var description: String { "\(method) \(path)" }
}

/// A server started in the background.
public struct RunningServer: Sendable {
    public let port: Int
    /// The plain-HTTP port for old clients, when one was asked for.
    public let legacyHTTPPort: Int?
    public let hub: Hub
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Shuts down gracefully and waits until every connection is closed.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
