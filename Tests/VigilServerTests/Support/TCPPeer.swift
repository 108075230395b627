import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// A peer below HTTP: a TCP connection (over TLS when given the CA) that sends exactly the bytes
/// it is told, when it is told, and keeps what comes back. For slow and stalled openings and for
/// hand-written upgrade requests.
struct TCPPeer {
    let channel: any Channel
    private let received: ReceivedBytes

    static func connect(port: Int, caFile: String?) async throws -> TCPPeer {
        let tls = try caFile.map { caFile in
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            return try NIOSSLContext(configuration: configuration)
        }
        let received = ReceivedBytes()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: "localhost"))
                    }
                    try channel.pipeline.syncOperations.addHandler(received)
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return TCPPeer(channel: channel, received: received)
    }

    func send(_ text: String) async throws {
        try await channel.writeAndFlush(ByteBuffer(string: text)).get()
    }

    /// What has come back once it holds `marker`, or all of it when `timeout` passes first.
    func received(until marker: String, timeout: Duration = .seconds(20)) async -> String {
        _ = await eventually(timeout: timeout) { received.text.contains(marker) }
        return received.text
    }

    /// Sends `text` one byte every `interval` until the hub hangs up or `limit` passes; returns
    /// how long the connection lasted, or nil if the hub never hung up.
    func dribble(_ text: String, every interval: Duration, limit: Duration) async -> Duration? {
        let clock = ContinuousClock()
        let start = clock.now
        var bytes = Array(text.utf8)[...]
        while clock.now - start < limit {
            if !channel.isActive { return clock.now - start }
            if let byte = bytes.popFirst() {
                try? await channel.writeAndFlush(ByteBuffer(bytes: [byte])).get()
            }
            try? await Task.sleep(for: interval)
        }
        close()
        return nil
    }

    func close() {
        channel.close(promise: nil)
    }
}

/// Collects the bytes a `TCPPeer` receives.
private final class ReceivedBytes: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let bytes = Mutex<[UInt8]>([])

    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        bytes.withLock { $0 += buffer.readableBytesView }
    }
}

extension TestHub {
    /// A WebSocket upgrade request written by hand, for a `TCPPeer` to send.
    func upgradeRequest(path: String = "/ws", origin: String? = nil, bearer: String? = nil, extensions: String? = nil) -> String {
        "GET \(path) HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            + (origin.map { "Origin: \($0)\r\n" } ?? "") + (bearer.map { "Authorization: Bearer \($0)\r\n" } ?? "")
            + (extensions.map { "Sec-WebSocket-Extensions: \($0)\r\n" } ?? "") + "\r\n"
    }

    /// The status of a WebSocket upgrade request written by hand (a 101 leaves the connection
    /// open, so the answer is read up to the end of its status line).
    func upgradeStatus(path: String = "/ws", origin: String? = nil) async throws -> Int {
        let peer = try await TCPPeer.connect(port: port, caFile: caFile)
        defer { peer.close() }
        try await peer.send(upgradeRequest(path: path, origin: origin))
        let statusLine = await peer.received(until: "\r\n").prefix { $0 != "\r" }
        return Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
