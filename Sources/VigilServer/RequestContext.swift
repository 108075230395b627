import Hummingbird
import NIOCore

/// The context of every HTTP request and WebSocket upgrade. It keeps the channel so a connection
/// that must go (a slow consumer that stopped reading) can be closed from outside its handler.
public struct VigilRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    public var peer: String {
        channel.peerDescription
    }
}
