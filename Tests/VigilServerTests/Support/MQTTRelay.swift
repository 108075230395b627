import Foundation
import NIOCore
import NIOPosix
import VigilMQTT

/// A TCP relay between an MQTT client and a broker that cuts the first connection just as the
/// client acknowledges its first message: the PUBACK never reaches the broker, which so sends the
/// message again (flag DUP) when the client comes back. What the broker sent is kept, to show that
/// it did.
final class MQTTRelay: Sendable {
    /// Whether the cut was made, and what the broker sent; shared with every connection's handlers.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (cutDone: Bool, fromBroker: [MQTTPacket]) = (false, [])

        func withLock<T>(_ body: (inout (cutDone: Bool, fromBroker: [MQTTPacket])) -> T) -> T {
            lock.withLock { body(&value) }
        }
    }

    private let server: any Channel
    private let state: State

    var port: Int { server.localAddress?.port ?? 0 }

    /// The packets the broker sent through the relay, in order.
    var fromBroker: [MQTTPacket] { state.withLock { $0.fromBroker } }

    init(brokerPort: Int) async throws {
        let state = State()
        self.state = state
        server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { client in
                ClientBootstrap(group: client.eventLoop).connect(host: "127.0.0.1", port: brokerPort).flatMap { broker in
                    client.eventLoop.makeCompletedFuture {
                        try client.pipeline.syncOperations.addHandler(
                            Forward(
                                to: broker,
                                watch: { packet in
                                    guard case .puback = packet else { return false }
                                    return state.withLock { state in
                                        defer { state.cutDone = true }
                                        return !state.cutDone
                                    }
                                }))
                        try broker.pipeline.syncOperations.addHandler(
                            Forward(
                                to: client,
                                watch: { packet in
                                    state.withLock { $0.fromBroker.append(packet) }
                                    return false
                                }))
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    func close() async {
        try? await server.close()
    }

    /// Passes bytes on to `peer`, reading the MQTT packets in them; `watch` returning true closes
    /// both connections instead of passing that packet on.
    private final class Forward: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        private let peer: any Channel
        private let watch: @Sendable (MQTTPacket) -> Bool
        private var pending = ByteBuffer()

        init(to peer: any Channel, watch: @escaping @Sendable (MQTTPacket) -> Bool) {
            self.peer = peer
            self.watch = watch
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var bytes = unwrapInboundIn(data)
            pending.writeBuffer(&bytes)
            while true {
                var rest = pending
                guard let packet = try? MQTTPacket.decode(from: &rest) else { break }
                if watch(packet) {
                    context.close(promise: nil)
                    peer.close(promise: nil)
                    return
                }
                // The packet's own bytes, as they came.
                let whole = pending.readSlice(length: rest.readerIndex - pending.readerIndex)
                peer.writeAndFlush(whole ?? ByteBuffer(), promise: nil)
            }
            pending.discardReadBytes()
        }

        func channelInactive(context: ChannelHandlerContext) {
            peer.close(promise: nil)
        }
    }
}
