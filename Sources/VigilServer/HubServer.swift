import Foundation
import Hummingbird
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOSSL
import Prometheus
import ServiceLifecycle
import VigilCore
import VigilHub
import VigilStore

/// The hub behind HTTPS and WSS: opens the database, finds or makes the certificate, and wires the
/// routes. `run()` serves until SIGTERM/SIGINT; `start()` serves in the background (tests).
public struct HubServer: Sendable {
    public let configuration: ServerConfiguration
    public let database: VigilDatabase
    public let hub: Hub
    /// Set when a development certificate is in use: the CA a client must trust.
    public let developmentCA: URL?
    let application: Application<RouterResponder<VigilRequestContext>>

    public init(configuration: ServerConfiguration, logger: Logger) throws {
        self.configuration = configuration
        database = try VigilDatabase(path: configuration.databasePath)
        let registry = PrometheusCollectorRegistry()
        hub = Hub(
            database: database, configuration: configuration.hub,
            metricsFactory: PrometheusMetricsFactory(registry: registry), logger: logger)

        let certificate: String
        let key: String
        if let certificateFile = configuration.certificateFile, let keyFile = configuration.keyFile {
            (certificate, key, developmentCA) = (certificateFile, keyFile, nil)
        } else {
            let development = DevelopmentCertificates(directory: configuration.certificateDirectory)
            if try development.ensure() {
                logger.info("made a development CA and server certificate", metadata: ["directory": "\(development.directory.path)"])
            }
            (certificate, key, developmentCA) = (development.serverCertificate.path, development.serverKey.path, development.caCertificate)
        }
        let tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))

        let router = Router(context: VigilRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: FileMiddleware(configuration.publicDirectory, searchForIndexHtml: true))
        APIRoutes(hub: hub, registry: registry).register(on: router)
        SecurityRoutes(hub: hub).register(on: router)
        ThumbnailRoutes(hub: hub).register(on: router)

        let originPolicy = OriginPolicy(configured: configuration.allowedOrigins)
        let webSocketRouter = Router(context: VigilRequestContext.self)
        let session = WebSocketSession(hub: hub, logger: logger)
        webSocketRouter.ws("ws") { request, context in
            let origins = request.headers[values: .origin]
            guard origins.allSatisfy({ originPolicy.permits(origin: $0, host: request.head.authority) }) else {
                context.logger.warning("refused a WebSocket from another origin", metadata: ["origin": "\(origins)", "peer": "\(context.peer)"])
                return .dontUpgrade
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            try await session.run(inbound: inbound, outbound: outbound, context: context)
        }

        let (runningPorts, portContinuation) = AsyncStream.makeStream(of: Int.self)
        self.runningPorts = runningPorts
        application = Application(
            router: router,
            server: try .tls(
                .http1WebSocketUpgrade(
                    webSocketRouter: webSocketRouter,
                    configuration: .init(ws: .init(
                        maxFrameSize: configuration.hub.maxFrameBytes, autoPing: .enabled(timePeriod: .seconds(30)),
                        validateUTF8: true))),
                tlsConfiguration: tls),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: configuration.hub.serverName),
            services: [
                // `vigil token revoke` works on the database, so the hub looks for revoked tokens.
                Periodic(interval: configuration.hub.revocationCheckInterval) { [hub] in await hub.closeRevokedSessions() },
                Periodic(interval: configuration.hub.timerInterval) { [hub] in await hub.fireDueTimers() },
            ],
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
    }

    private let runningPorts: AsyncStream<Int>

    /// Serves until the process is told to stop.
    public func run() async throws {
        try await application.runService()
    }

    /// Serves in the background and returns once the port is bound.
    public func start() async throws -> RunningServer {
        let group = ServiceGroup(configuration: .init(services: [application], logger: application.logger))
        let task = Task { try await group.run() }
        var ports = runningPorts.makeAsyncIterator()
        guard let port = await ports.next(), port > 0 else {
            await group.triggerGracefulShutdown()
            _ = try await task.value
            throw CancellationError()
        }
        return RunningServer(port: port, hub: hub, group: group, task: task)
    }
}

/// A server started in the background.
public struct RunningServer: Sendable {
    public let port: Int
    public let hub: Hub
    let group: ServiceGroup
    let task: Task<Void, any Error>

    /// Shuts down gracefully and waits until every connection is closed.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
