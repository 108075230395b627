import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import WSCompression
@_spi(WSInternal) import WSCore

/// Opens the WebSocket to a hub and runs `handler` on it until it closes. The upgrade is made here
/// rather than by WSClient's `WebSocketClient`, which always names the URL's host in TLS's server
/// name indication and so refuses `wss://127.0.0.1:8443/ws`, the address the hub's banner prints;
/// past the upgrade, frames are handled by the same WebSocket handler as there.
struct HubSocket: Sendable {
    struct Context: WebSocketContext {
        let logger: Logger
    }

    private enum Upgrade: Sendable {
        /// With the extensions the hub agreed to (permessage-deflate, when offered and taken).
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, [any WebSocketExtension])
        case refused
    }

    let configuration: ClientConfiguration

    /// The hub's close frame, if it sent one.
    func run(_ handler: @escaping WebSocketDataHandler<Context>) async throws -> WebSocketCloseFrame? {
        let address = try HubAddress(configuration.url)
        let tls = try configuration.tlsConfiguration().map(NIOSSLContext.init(configuration:))
        let upgrade: EventLoopFuture<Upgrade>
        do {
            upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(configuration.requestTimeout))
                .connect(host: address.host, port: address.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try self.prepare(channel, address: address, tls: tls)
                    }
                }
        } catch {
            throw ClientError.connecting(to: configuration.url, failedWith: error)
        }
        let socket: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
        let extensions: [any WebSocketExtension]
        do {
            guard case .upgraded(let upgraded, let agreed) = try await upgrade.get() else {
                throw ClientError.unexpectedAnswer("\(configuration.url) did not open a WebSocket (is it the hub's /ws?)")
            }
            (socket, extensions) = (upgraded, agreed)
        } catch {
            // A refused TLS handshake (an untrusted certificate) surfaces here.
            throw ClientError.connecting(to: configuration.url, failedWith: error)
        }
        return try await WebSocketHandler.handle(
            type: .client,
            configuration: .init(extensions: extensions, autoPing: .disabled, validateUTF8: false, maxFrameSize: configuration.maxFrameBytes),
            asyncChannel: socket, context: Context(logger: configuration.logger), handler: handler)
    }

    /// permessage-deflate when the configuration asks for it, with no window kept between messages
    /// on either side (the hub asks that of every client anyway), each inflated message within the
    /// frame limit; frames under 512 bytes go as they are, as the hub sends its own.
    private var offeredExtensions: [any WebSocketExtensionBuilder] {
        guard configuration.compression else { return [] }
        let deflate = WebSocketExtensionFactory.perMessageDeflate(
            clientNoContextTakeover: true, serverNoContextTakeover: true, maxDecompressedFrameSize: configuration.maxFrameBytes,
            minFrameSizeToCompress: 512)
        return [deflate.build()]
    }

    /// TLS (when the URL is `wss:`), then an HTTP request upgraded to a WebSocket, with the token.
    private func prepare(_ channel: any Channel, address: HubAddress, tls: NIOSSLContext?) throws -> EventLoopFuture<Upgrade> {
        if let tls {
            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: address.serverName))
        }
        let offered = offeredExtensions
        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: configuration.maxFrameBytes) { channel, response in
            channel.eventLoop.makeCompletedFuture {
                var fields = HTTPFields()
                for value in response.headers["sec-websocket-extensions"] { fields.append(HTTPField(name: .secWebSocketExtensions, value: value)) }
                return .upgraded(
                    try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel),
                    try offered.buildClientExtensions(from: fields))
            }
        }
        var headers = HTTPHeaders([("Host", address.authority), ("Authorization", "Bearer \(configuration.token)")])
        for offer in offered { headers.add(name: "Sec-WebSocket-Extensions", value: offer.clientRequestHeader()) }
        let request = HTTPRequestHead(version: .http1_1, method: .GET, uri: address.path, headers: headers)
        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: request, upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.refused) }))
        pipeline.leftOverBytesStrategy = .forwardBytes
        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
    }
}
