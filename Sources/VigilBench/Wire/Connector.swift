import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// Where a server listens. With `caFile` the connection is TLS (SNI and the certificate checked
/// against `host`, so use a name such as localhost); without it, plain.
public struct Endpoint: Sendable {
    public var host: String
    public var port: Int
    public var caFile: String?
    /// Offer permessage-deflate (RFC 7692) in the upgrade; compressed frames are inflated as they come.
    public var offersDeflate = false

    public init(host: String, port: Int, caFile: String?) {
        self.host = host
        self.port = port
        self.caFile = caFile
    }
}

/// Opens lean WebSocket connections: one NIO channel each, TLS, the HTTP upgrade, then a `Link`.
/// Tens of thousands fit in one process because a connection is only its channel and handlers.
final class Connector: Sendable {
    let endpoint: Endpoint
    private let tls: NIOSSLContext?
    let group: MultiThreadedEventLoopGroup

    init(endpoint: Endpoint, threads: Int) throws {
        self.endpoint = endpoint
        if let caFile = endpoint.caFile {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .file(caFile)
            tls = try NIOSSLContext(configuration: configuration)
        } else {
            tls = nil
        }
        group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
    }

    /// Connects and completes once the connection is subscribed (the dialect's `ready`).
    func connect(
        dialect: any Dialect, topic: Int, index: Int, publisher: Bool, on state: LoopState,
        makeRole: @escaping @Sendable () -> Link.Role
    ) -> EventLoopFuture<NIOLoopBound<Link>> {
        let eventLoop = state.eventLoop
        let ready = eventLoop.makePromise(of: NIOLoopBound<Link>.self)
        let (path, extraHeaders) = dialect.upgrade(topic: topic, index: index, publisher: publisher)
        var headers = HTTPHeaders([("Host", "\(endpoint.host):\(endpoint.port)"), ("Content-Length", "0")])
        headers.add(contentsOf: extraHeaders)
        if endpoint.offersDeflate { headers.add(name: "Sec-WebSocket-Extensions", value: "permessage-deflate; client_max_window_bits") }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
        let tls = tls
        let host = endpoint.host
        let connected = ClientBootstrap(group: eventLoop)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .connectTimeout(.seconds(30))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WireCounter(state: state))
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: host))
                    }
                    let upgrader = NIOTypedWebSocketClientUpgrader<NIOLoopBound<Link>?>(maxFrameSize: 1 << 20) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            let link = Link(dialect: dialect, topic: topic, index: index, role: makeRole(), state: state, ready: ready)
                            if case .publisher(let publisher) = link.role { publisher.link = link }
                            try channel.pipeline.syncOperations.addHandler(link)
                            return NIOLoopBound(link, eventLoop: channel.eventLoop)
                        }
                    }
                    let configuration = NIOTypedHTTPClientUpgradeConfiguration<NIOLoopBound<Link>?>(
                        upgradeRequestHead: head, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.close(promise: nil)
                            return channel.eventLoop.makeSucceededFuture(nil)
                        })
                    let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: .init(upgradeConfiguration: configuration))
                    upgraded.whenComplete { result in
                        guard case .success(let link?) = result else { return channel.close(promise: nil) }
                        link.value.open()
                    }
                }
            }
            .connect(host: endpoint.host, port: endpoint.port)
        connected.whenComplete { result in
            switch result {
            case .success(let channel):
                // A connection that ends before it is ready fails `ready` in the link; one refused
                // before the link exists ends here.
                channel.closeFuture.whenComplete { _ in ready.fail(ChannelError.ioOnClosedChannel) }
            case .failure(let error):
                ready.fail(error)
            }
        }
        return ready.futureResult
    }
}

/// Counts the bytes a connection reads from its socket, below TLS: what crossed the wire.
private final class WireCounter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    let state: LoopState

    init(state: LoopState) {
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        state.wireBytesIn.add(unwrapInboundIn(data).readableBytes, ordering: .relaxed)
        context.fireChannelRead(data)
    }
}
