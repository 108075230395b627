import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// One POST of a push message to a push service, over TLS, with NIO: the name is resolved here,
/// the address it gives is checked (a public one, unless local endpoints are allowed) and that
/// same address is the one connected to, so a name that changes between the check and the
/// connection cannot lead the request inside. Nothing is followed: a redirect is an answer like
/// any other.
final class PushTransport: Sendable {
    /// How long one request may take, connection included.
    static let timeout: TimeAmount = .seconds(10)

    let allowLocal: Bool
    let group: any EventLoopGroup
    private let trustRootsFile: String?
    /// Made at the first send, not with the hub: loading the system's trust store costs a hub that
    /// never pushes.
    private let context = Mutex<NIOSSLContext?>(nil)

    /// The event loop every push request of this process runs on: one thread of its own, so that
    /// TLS handshakes with push services never queue behind, or ahead of, the hub's WebSocket
    /// connections on the server's event loops.
    static let sendingLoop = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    init(allowLocal: Bool, trustRootsFile: String?, group: any EventLoopGroup = PushTransport.sendingLoop) {
        self.allowLocal = allowLocal
        self.trustRootsFile = trustRootsFile
        self.group = group
    }

    private func tls() throws -> NIOSSLContext {
        try context.withLock { context in
            if let context { return context }
            var configuration = TLSConfiguration.makeClientConfiguration()
            if let trustRootsFile { configuration.additionalTrustRoots = [.file(trustRootsFile)] }
            let made = try NIOSSLContext(configuration: configuration)
            context = made
            return made
        }
    }

    enum Failure: Error, Equatable {
        /// The endpoint's name leads to an address the hub does not send to.
        case addressRefused(String)
        case badEndpoint
    }

    /// The push service's answer: its status and `Retry-After`, if any.
    struct Answer: Sendable, Equatable {
        var status: Int
        var retryAfter: String?
    }

    func post(to endpoint: URL, headers: [(String, String)], body: [UInt8]) async throws -> Answer {
        guard let host = endpoint.host(percentEncoded: false), !host.isEmpty else { throw Failure.badEndpoint }
        let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let port = endpoint.port ?? 443
        let address = try await NIOThreadPool.singleton.runIfActive { try SocketAddress.makeAddressResolvingHost(name, port: port) }
        guard let text = address.ipAddress, let bytes = IPAddressBytes(text), allowLocal || bytes.isPublic else {
            throw Failure.addressRefused(address.ipAddress ?? "?")
        }
        let serverName = IPAddressBytes(name) == nil ? name : nil
        let tls = try tls()
        let answer = group.next().makePromise(of: Answer.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(Self.timeout)
                .channelInitializer { [tls] channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(AnswerReader(answer: answer))
                    }
                }
                .connect(to: address).get()
        } catch {
            // A promise must be completed before it goes (NIO stops a debug build on one that is
            // not): a push service that refuses the connection is an answer-less failure like any.
            answer.fail(error)
            throw error
        }
        let timeout = channel.eventLoop.scheduleTask(in: Self.timeout) {
            answer.fail(ChannelError.connectTimeout(Self.timeout))
            channel.close(promise: nil)
        }
        defer {
            timeout.cancel()
            channel.close(promise: nil)
        }
        var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: Self.target(of: endpoint))
        head.headers.add(name: "Host", value: endpoint.port.map { "\(host):\($0)" } ?? host)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        head.headers.add(name: "Content-Length", value: "\(body.count)")
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        return try await answer.futureResult.get()
    }

    /// The path and query of `url`, as the request line names them.
    static func target(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        let query = url.query(percentEncoded: true).map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}

/// Reads the status line and `Retry-After` of the one answer, and fulfils the promise once its end
/// (or the connection's) is seen.
private final class AnswerReader: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let answer: EventLoopPromise<PushTransport.Answer>
    private var head: HTTPResponseHead?
    private var answered = false

    init(answer: EventLoopPromise<PushTransport.Answer>) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end: finish(nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(ChannelError.eof)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(error)
        context.close(promise: nil)
    }

    /// The answer read so far (a status line is enough), or `error` when there is none.
    private func finish(_ error: (any Error)?) {
        guard !answered else { return }
        answered = true
        if let head {
            answer.succeed(.init(status: Int(head.status.code), retryAfter: head.headers.first(name: "Retry-After")))
        } else {
            answer.fail(error ?? ChannelError.eof)
        }
    }
}
