import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Metrics
import NIOCore
import NIOSSL

extension HubServer {
    /// TLS, then the opening deadline, then HTTP/1.1 with the WebSocket upgrade. The WebSocket
    /// settings here are the ones every WebSocket endpoint gets (`/ws` and the conformance echo).
    static func serverBuilder(
        webSocketRouter: Router<VigilRequestContext>, tls: TLSConfiguration, configuration: ServerConfiguration, openingTimeouts: Metrics.Counter
    ) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let channelConfiguration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: TimeAmount(configuration.httpIdleTimeout)),
            ws: .init(
                maxFrameSize: configuration.hub.maxFrameBytes, autoPing: .enabled(timePeriod: configuration.pingInterval),
                validateUTF8: true))
        return HTTPServerBuilder { responder in
            try TLSChannel(
                OpeningDeadline(
                    base: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: channelConfiguration),
                    limit: configuration.openingTimeout, timeouts: openingTimeouts),
                tlsConfiguration: tls)
        }
    }
}
