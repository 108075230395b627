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
/// any other. Connections are kept per checked address and name (`PushConnectionPool`), so the
/// phones of one push service share a few instead of each paying a TLS handshake.
final class PushTransport: Sendable {
    /// How long connecting may take, and then how long one answer may.
    static let timeout: TimeAmount = .seconds(10)

    let allowLocal: Bool
    let group: any EventLoopGroup
    private let trustRootsFile: String?
    /// Made at the first send, not with the hub: loading the system's trust store costs a hub that
    /// never pushes.
    private let context = Mutex<NIOSSLContext?>(nil)
    private let pool = PushConnectionPool()

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
        let origin = PushOrigin(address: text, port: port, serverName: IPAddressBytes(name) == nil ? name : nil)
        var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: Self.target(of: endpoint))
        head.headers.add(name: "Host", value: endpoint.port.map { "\(host):\($0)" } ?? host)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        head.headers.add(name: "Content-Length", value: "\(body.count)")
        if case .kept(let connection) = await pool.acquire(origin) {
            do {
                return try await exchange(head, body, on: connection, of: origin, releasingOnClose: false)
            } catch PushConnection.Failure.closedBeforeAnswer {
                // The push service closed the kept connection as it was used: the request goes on a
                // new one, in the same place, as a first request would.
            }
        }
        let connection: PushConnection
        do {
            connection = try await open(to: address, origin)
        } catch {
            pool.release(nil, of: origin)
            throw error
        }
        return try await exchange(head, body, on: connection, of: origin, releasingOnClose: true)
    }

    /// One request on `connection`, whose place in the pool is given back with it, or freed when
    /// it fails; except a kept connection closed before answering (`releasingOnClose` false), whose
    /// place the caller reuses for a new connection.
    private func exchange(
        _ head: HTTPRequestHead, _ body: [UInt8], on connection: PushConnection, of origin: PushOrigin, releasingOnClose: Bool
    ) async throws -> Answer {
        do {
            let (answer, reusable) = try await connection.send(head, body: body, timeout: Self.timeout)
            if !reusable { connection.close() }
            pool.release(reusable ? connection : nil, of: origin)
            return answer
        } catch {
            connection.close()
            if releasingOnClose || error as? PushConnection.Failure != .closedBeforeAnswer { pool.release(nil, of: origin) }
            throw error
        }
    }

    /// A new TLS connection to the checked `address`.
    private func open(to address: SocketAddress, _ origin: PushOrigin) async throws -> PushConnection {
        let tls = try tls()
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(Self.timeout)
            .channelInitializer { [tls] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: origin.serverName))
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                }
            }
            .connect(to: address).get()
        return try await channel.eventLoop.submit { try PushConnection(channel: channel) }.get()
    }

    /// The path and query of `url`, as the request line names them.
    static func target(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        let query = url.query(percentEncoded: true).map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}
