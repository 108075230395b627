import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A peer that opens a TCP connection (optionally completing TLS) and then sends whatever it is
/// told, as slowly as it likes: for the tests of slow and stalled openings.
struct SlowPeer {
    let channel: any Channel

    static func connect(port: Int, caFile: String?) async throws -> SlowPeer {
        let tls = try caFile.map { caFile in
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            return try NIOSSLContext(configuration: configuration)
        }
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: "localhost"))
                    }
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return SlowPeer(channel: channel)
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
        channel.close(promise: nil)
        return nil
    }
}
