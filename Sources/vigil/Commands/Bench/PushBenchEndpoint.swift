import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The push service of `vigil bench push`: HTTPS on 127.0.0.1, serving the scratch hub's own
/// development certificate, noting when each request's head arrives. Answering, it says 201; hanging,
/// it reads requests and never answers, as a push service that is down behind a live proxy.
final class PushBenchEndpoint: Sendable {
    enum Mode: Sendable {
        case answering
        case hanging
    }

    let port: Int
    private let channel: any Channel
    private let arrivals = Mutex<[Int64]>([])
    private let mode = Mutex<Mode>(.answering)

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    static func start(certificate: String, key: String) async throws -> PushBenchEndpoint {
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) }, privateKey: .file(key)))
        let box = Recorder()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 1024)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(RequestNoter(recorder: box))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let endpoint = PushBenchEndpoint(port: channel.localAddress?.port ?? 0, channel: channel)
        box.endpoint.withLock { $0 = endpoint }
        return endpoint
    }

    /// Answers from now on, or hangs.
    func set(_ mode: Mode) { self.mode.withLock { $0 = mode } }

    /// How many requests have arrived so far.
    var count: Int { arrivals.withLock { $0.count } }

    /// Arrival times (ms since 1970) of the requests after the first `from`.
    func arrivals(from start: Int) -> [Int64] { arrivals.withLock { Array($0.dropFirst(start)) } }

    fileprivate func noted() -> Mode {
        arrivals.withLock { $0.append(Int64(Date().timeIntervalSince1970 * 1000)) }
        return mode.withLock { $0 }
    }

    func stop() async {
        try? await channel.close()
    }
}

/// The endpoint, once made, for the handlers of its connections.
private final class Recorder: Sendable {
    let endpoint = Mutex<PushBenchEndpoint?>(nil)
}

private final class RequestNoter: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let recorder: Recorder
    private var mode = PushBenchEndpoint.Mode.answering

    init(recorder: Recorder) {
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: mode = recorder.endpoint.withLock { $0?.noted() } ?? .answering
        case .body: break
        case .end:
            guard mode == .answering else { return }
            var head = HTTPResponseHead(version: .http1_1, status: .created)
            head.headers.add(name: "Content-Length", value: "0")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
