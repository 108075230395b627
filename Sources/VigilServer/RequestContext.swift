import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of every HTTP request and WebSocket upgrade. It keeps the channel so a connection
/// that must go (a slow consumer that stopped reading) can be closed from outside its handler.
public struct VigilRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }

    public var peer: String {
        channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
    }
}
