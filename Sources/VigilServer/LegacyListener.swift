import Hummingbird
import Logging
import NIOCore
import VigilHub

/// A plain-HTTP listener for old clients that cannot speak TLS (the flood app of 2013 posts XML to
/// `http://.../index.php`). It serves the routes marked `legacy` and nothing else: no WebSocket,
/// no files, no route that takes a token. docs/security.md says what it exposes.
struct LegacyListener: Sendable {
    let application: Application<RouterResponder<VigilRequestContext>>
    let routes: [MountedRoute]
    private let ports: PortWaiter

    init(port: Int, configuration: ServerConfiguration, routes: DomainRoutes, hub: Hub, logger: Logger) {
        let router = Router(context: VigilRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ShutdownGate(hub: hub))
        router.add(middleware: ControlCharacterGuard())
        routes.register(on: router)
        self.routes = router.routes.map(MountedRoute.init)
        let ports = PortWaiter()
        self.ports = ports
        application = Application(
            router: router, server: .http1(configuration: .init(idleTimeout: TimeAmount(configuration.httpIdleTimeout))),
            configuration: .init(address: .hostname(configuration.host, port: port), serverName: configuration.hub.serverName),
            onServerRunning: { channel in await ports.bound(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// The port once bound; nil when binding failed.
    func boundPort() async -> Int? {
        let port = await ports.port()
        return port > 0 ? port : nil
    }
}

/// The port a listener bound, for whoever asks, before or after it is known.
actor PortWaiter {
    private var known: Int?
    private var waiting: [CheckedContinuation<Int, Never>] = []

    func bound(_ port: Int) {
        known = port
        for waiter in waiting { waiter.resume(returning: port) }
        waiting = []
    }

    func port() async -> Int {
        if let known { return known }
        return await withCheckedContinuation { waiting.append($0) }
    }
}
