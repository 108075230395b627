import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import VigilMQTT

/// One connection to an MQTT broker: TCP, TLS when asked for, then MQTT 3.1.1 packets both ways.
/// `run` connects, logs in, subscribes and hands each message to the bridge; it returns or throws
/// when the connection ends, and the bridge makes another.
struct BrokerConnection: Sendable {
    let broker: BrokerSettings
    let clientID: String
    /// Seconds; the connection pings the broker at half of it and gives up on a broker silent for twice it.
    let keepAlive: UInt16

    /// Why a connection ended that retrying the same way will not fix (wrong credentials, a
    /// refused subscription), or that it ended at all.
    enum Failure: Error, CustomStringConvertible {
        case refusedConnection(returnCode: UInt8)
        case refusedSubscription(String)
        case unexpected(String)
        case silent

        var description: String {
            switch self {
            case .refusedConnection(let code): "the broker refused the connection (\(Self.connackReason(code)))"
            case .refusedSubscription(let topic): "the broker refused the subscription to \(topic)"
            case .unexpected(let what): "the broker sent \(what)"
            case .silent: "the broker did not answer pings"
            }
        }

        private static func connackReason(_ code: UInt8) -> String {
            switch code {
            case 1: "unacceptable protocol version"
            case 2: "client id rejected"
            case 3: "server unavailable"
            case 4: "bad user name or password"
            case 5: "not authorized"
            default: "return code \(code)"
            }
        }
    }

    /// Connects, subscribes to `topics` at QoS 1 and calls `deliver` with each message in order,
    /// acknowledging a QoS 1 message once `deliver` has returned (so a message the hub has not
    /// stored is sent again on the next connection). `subscribed` is called once the broker has
    /// granted every subscription, with whether it had kept the session.
    func run(
        topics: [String], subscribed: @escaping @Sendable (_ sessionPresent: Bool) -> Void,
        deliver: @escaping @Sendable (MQTTPublish) async throws -> Void
    ) async throws {
        let tls = try broker.tlsContext()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: broker.host, port: broker.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let name = broker.host.isIPAddress ? nil : broker.host
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await channel.executeThenClose { inbound, outbound in
            let packets = PacketReader(inbound.makeAsyncIterator())
            let login = MQTTConnect(
                clientID: clientID, keepAlive: keepAlive, cleanSession: false, username: broker.username, password: broker.password)
            try await outbound.write(.connect(login))
            guard case .connack(let sessionPresent, let code) = try await packets.next() else { throw Failure.unexpected("no CONNACK") }
            guard code == 0 else { throw Failure.refusedConnection(returnCode: code) }
            // A kept session's waiting messages may come before the SUBACKs: the reader takes both.
            for (index, topic) in topics.enumerated() {
                try await outbound.write(.subscribe(packetID: UInt16(index + 1), topic: topic, qos: 1))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await ping(outbound, packets: packets) }
                group.addTask {
                    var acknowledged = 0
                    while let packet = try await packets.next() {
                        switch packet {
                        case .publish(let message):
                            try await deliver(message)
                            if let packetID = message.packetID { try await outbound.write(.puback(packetID: packetID)) }
                        case .suback(let packetID, let granted) where granted >= 0x80:
                            throw Failure.refusedSubscription(topics[safe: Int(packetID) - 1] ?? "a topic")
                        case .suback:
                            acknowledged += 1
                            if acknowledged == topics.count { subscribed(sessionPresent) }
                        case .pingresp: break
                        default: throw Failure.unexpected("a packet a client is not sent")
                        }
                    }
                }
                // Whichever ends first (the broker closed, a refusal, silence) ends the connection.
                try await group.next()
                group.cancelAll()
            }
        }
    }

    private func ping(_ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>, packets: PacketReader) async throws {
        let interval = Duration.seconds(Int(max(keepAlive, 2)) / 2)
        while true {
            try await Task.sleep(for: interval)
            guard packets.heardWithin(.seconds(Int(keepAlive) * 2)) else { throw Failure.silent }
            try await outbound.write(.pingreq)
        }
    }
}

extension NIOAsyncChannelOutboundWriter where OutboundOut == ByteBuffer {
    fileprivate func write(_ packet: MQTTPacket) async throws {
        var buffer = ByteBuffer()
        packet.encode(into: &buffer)
        try await write(buffer)
    }
}

/// Packets out of the bytes the broker sends; a packet may span reads and a read may hold several.
private final class PacketReader: @unchecked Sendable {
    // Read by one task at a time (the connection's reader); the lock guards only the time heard.
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var pending = ByteBuffer()
    private let lock = NSLock()
    private var lastHeard = ContinuousClock.now

    init(_ iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) {
        self.iterator = iterator
    }

    /// The next whole packet, or nil when the broker has closed the connection.
    func next() async throws -> MQTTPacket? {
        while true {
            if let packet = try MQTTPacket.decode(from: &pending) {
                pending.discardReadBytes()
                return packet
            }
            guard var bytes = try await iterator.next() else { return nil }
            lock.withLock { lastHeard = .now }
            pending.writeBuffer(&bytes)
        }
    }

    func heardWithin(_ duration: Duration) -> Bool {
        lock.withLock { ContinuousClock.now - lastHeard < duration }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}

extension String {
    /// An IPv4 or IPv6 address, which TLS's server name indication may not carry.
    fileprivate var isIPAddress: Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, self, &v4) == 1 || inet_pton(AF_INET6, self, &v6) == 1
    }
}
