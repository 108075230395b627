import Hummingbird
import HummingbirdCore
import Metrics
import NIOCore
import NIOSSL

extension HubServer {
    /// Lean connection buffers, TLS, then the opening deadline, then HTTP/1.1 with the WebSocket upgrade.
    static func serverBuilder(
        routes: WebSocketRoutes, certificate: ServerCertificate, configuration: ServerConfiguration, openingTimeouts: Metrics.Counter
    ) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            WithConnectionBuffers(
                base: ReloadingTLSChannel(
                    base: OpeningDeadline(
                        base: HTTPAndWebSocketChannel(
                            responder: responder, http: .init(idleTimeout: TimeAmount(configuration.httpIdleTimeout)),
                            routes: routes, maxFrameBytes: configuration.hub.maxFrameBytes,
                            acceptsDeflate: configuration.permessageDeflate),
                        limit: configuration.openingTimeout, timeouts: openingTimeouts),
                    certificate: certificate))
        }
    }
}
