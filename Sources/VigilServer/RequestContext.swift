import Hummingbird
import NIOCore

/// The context of every HTTP request. It keeps the channel, from which the peer's address is
/// read only when a log or the authenticator asks for it.
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
