import Logging
import NIOCore
import NIOHTTP1
import VigilHub

/// Which endpoint a WebSocket upgrade request reaches: `/ws`, and the conformance echo when it is
/// served. A request for any other path, or from a browser page of another origin, is not upgraded.
struct WebSocketRoutes: Sendable {
    let hub: Hub
    let originPolicy: OriginPolicy
    let conformanceEcho: Bool
    let connection: WebSocketConnection.Settings
    let endpoint: HubEndpoint.Settings
    let logger: Logger

    /// The hub's WebSocket endpoint.
    static let hubPath = "/ws"

    enum Route: Sendable {
        case hub
        case echo
    }

    func route(_ head: HTTPRequestHead) -> Route? {
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let route: Route
        switch path {
        case Self.hubPath: route = .hub
        case ConformanceEcho.path where conformanceEcho: route = .echo
        default: return nil
        }
        let origins = head.headers["origin"]
        guard origins.allSatisfy({ originPolicy.permits(origin: $0, host: head.headers.first(name: "host")) }) else {
            logger.warning("refused a WebSocket from another origin", metadata: ["origin": "\(origins)"])
            return nil
        }
        return route
    }

    /// The connection handler for an upgraded request; runs on the channel's event loop.
    /// `deflate`: the permessage-deflate the 101 agreed to, if any.
    func makeConnection(_ route: Route, head: HTTPRequestHead, deflate: DeflateNegotiation?, channel: any Channel) -> WebSocketConnection {
        switch route {
        case .hub:
            let endpoint = HubEndpoint(
                hub: hub, bearerToken: bearerToken(authorization: head.headers.first(name: "authorization")), settings: endpoint, logger: logger)
            return WebSocketConnection(channel: channel, settings: connection, endpoint: endpoint, deflate: deflate)
        case .echo:
            return WebSocketConnection(
                channel: channel, settings: ConformanceEcho.settings(connection), endpoint: ConformanceEcho(), deflate: deflate)
        }
    }
}
