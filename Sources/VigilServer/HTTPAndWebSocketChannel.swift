import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOWebSocket

/// A connection after TLS: HTTP/1.1, or a WebSocket when its first request upgrades to one.
///
/// HTTP requests go to the Hummingbird responder in the connection's task, as Hummingbird serves
/// them. An upgraded connection is handed to a `WebSocketConnection` in the channel pipeline, and
/// the connection's task ends there: a WebSocket lives on its event loop with no task of its own.
struct HTTPAndWebSocketChannel: ServerChildChannel, HTTPChannelHandler {
    enum Opened: Sendable {
        case webSocket
        case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        /// An upgrade request that was not upgraded (an unknown path, another origin): 400.
        case refusedUpgrade(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    /// What a connection's first request asked for: plain HTTP, or an upgrade and the route it
    /// gets (nil: refused), with the permessage-deflate agreed, if any.
    private enum FirstRequest {
        case http
        case upgrade(WebSocketRoutes.Route?, DeflateNegotiation?)
    }

    struct Value: ServerChildChannelValue {
        let opened: EventLoopFuture<Opened>
        let channel: any Channel
    }

    let responder: HTTPChannelHandler.Responder
    let http: HTTP1Channel.Configuration
    let routes: WebSocketRoutes
    let maxFrameBytes: Int
    /// Whether a permessage-deflate offer may be taken at all (`ServerConfiguration.permessageDeflate`).
    let acceptsDeflate: Bool

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let firstRequest = NIOLoopBoundBox(FirstRequest.http, eventLoop: channel.eventLoop)
            let routes = routes
            let upgrader = NIOTypedWebSocketServerUpgrader<Opened>(
                // A compressed frame may be a little longer than the message it inflates to; the
                // message limit itself is the assembler's.
                maxFrameSize: DeflateNegotiation.maxFrameBytes(forMessagesOf: maxFrameBytes),
                shouldUpgrade: { channel, head in
                    let route = routes.route(head)
                    let deflate =
                        route == nil || !acceptsDeflate ? nil : DeflateNegotiation.accept(offers: head.headers["sec-websocket-extensions"])
                    firstRequest.value = .upgrade(route, deflate)
                    var headers = HTTPHeaders()
                    if let deflate { headers.add(name: "Sec-WebSocket-Extensions", value: deflate.responseHeader) }
                    return channel.eventLoop.makeSucceededFuture(route == nil ? nil : headers)
                },
                upgradePipelineHandler: { channel, head in
                    channel.eventLoop.makeCompletedFuture {
                        // Only called after `shouldUpgrade` chose a route.
                        guard case .upgrade(let route?, let deflate) = firstRequest.value else { throw ChannelError.inappropriateOperationForState }
                        try channel.pipeline.syncOperations.addHandler(routes.makeConnection(route, head: head, deflate: deflate, channel: channel))
                        return .webSocket
                    }
                })
            let http = http
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration<Opened>(
                upgradeConfiguration: NIOTypedHTTPServerUpgradeConfiguration(
                    upgraders: [upgrader],
                    notUpgradingCompletionHandler: { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                            try channel.pipeline.syncOperations.addHandlers(http.additionalChannelHandlers())
                            try channel.pipeline.syncOperations.addHandler(
                                HTTPConnectionStateHandler(idleTimeout: http.idleTimeout.map { Duration($0) }, logger: logger))
                            let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
                            if case .upgrade = firstRequest.value { return .refusedUpgrade(asyncChannel) }
                            return .http(asyncChannel)
                        }
                    }))
            configuration.enablePipelining = false  // NIOAsyncChannel takes one request at a time
            configuration.enableErrorHandling = false  // Hummingbird answers malformed requests (and `UnparsableFirstHead` the first)
            configuration.enableResponseHeaderValidation = false  // HTTPTypes validates them
            configuration.decoderConfiguration.maxHeaderFieldSize = http.httpDecoder.maxHeaderFieldSize
            configuration.decoderConfiguration.maxHeaderListSize = http.httpDecoder.maxHeaderListSize
            configuration.decoderConfiguration.maxHeaderFieldCount = http.httpDecoder.maxHeaderFieldCount
            let opened = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(UnparsableFirstHead(), position: .after(decoder))
            return Value(opened: opened, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        switch try? await value.opened.get() {
        case .http(let asyncChannel):
            await handleHTTP(asyncChannel: asyncChannel, logger: logger)
        case .refusedUpgrade(let asyncChannel):
            await refuseUpgrade(asyncChannel, logger: logger)
        case .webSocket, nil:
            return
        }
    }

    private func refuseUpgrade(_ asyncChannel: NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>, logger: Logger) async {
        do {
            try await asyncChannel.executeThenClose { _, outbound in
                let response = HTTPResponse(status: .badRequest, headerFields: [.connection: "close", .contentLength: "0"])
                try await outbound.write(contentsOf: [.head(response), .end(nil)])
            }
        } catch {
            logger.trace("could not answer a refused upgrade", metadata: ["error": "\(error)"])
        }
    }
}
