import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import VigilCore

/// Requests to the hub's HTTP API (docs/protocol.md §12) with the token and CA of a
/// `ClientConfiguration`: the same host and port as its WebSocket URL, `https` for `wss`. One
/// connection per request, closed after the answer: these calls are few (setup, uploads).
public struct HubHTTP: Sendable {
    /// The body of a request.
    public enum Body: Sendable {
        /// JSON, sent as its canonical text with `Content-Type: application/json`.
        case json(JSONValue)
        /// Raw bytes, such as an image for `POST /api/thumbnails`.
        case bytes([UInt8])
    }

    /// The hub's answer: its status and body, whatever the status.
    public struct Response: Sendable {
        /// The HTTP status code, such as 200, or 403 for a refused token.
        public let status: Int
        /// The body's bytes, read to the end (at most 16 MiB).
        public let body: [UInt8]

        /// The body as JSON when the status is a success; otherwise the hub's refusal is thrown
        /// as `ClientError.refused` (its `code`, e.g. `already_exists`).
        public func json() throws -> JSONValue {
            let value = try? JSONValue(parsing: body)
            guard (200..<300).contains(status) else {
                guard let code = value?["code"]?.stringValue else {
                    throw ClientError.unexpectedAnswer("HTTP \(status) without an error code")
                }
                throw ClientError.refused(ProtocolErrorInfo(code: code, message: value?["message"]?.stringValue ?? ""))
            }
            guard let value else { throw ClientError.unexpectedAnswer("HTTP \(status) with a body that is not JSON") }
            return value
        }
    }

    /// The configuration whose URL, token and CA the requests use.
    public let configuration: ClientConfiguration
    /// The hub's web address, `https://host:port`: where the dashboard is.
    public let origin: String
    private let address: HubAddress
    private let tls: NIOSSLContext?

    /// Larger answers are refused; the largest the hub sends are thumbnails (2 MiB) and camera walls.
    private static let maxResponseBytes = 16 * 1024 * 1024

    /// Requests to the hub of `configuration`'s URL (`wss://` becomes `https://`). Throws when the URL is not
    /// a hub URL or when `caFile` cannot be read as PEM.
    public init(configuration: ClientConfiguration) throws {
        self.configuration = configuration
        address = try HubAddress(configuration.url)
        tls = try configuration.tlsConfiguration().map(NIOSSLContext.init(configuration:))
        origin = "\(tls == nil ? "http" : "https")://\(address.authority)"
    }

    /// Sends `method path` with the configuration's bearer token and returns the status and body,
    /// whatever the status. Fails when the hub cannot be reached or does not answer within the
    /// configuration's `requestTimeout`.
    public func send(_ method: String, _ path: String, body: Body? = nil) async throws -> Response {
        let (bytes, contentType): ([UInt8], String?) =
            switch body {
            case .json(let value): (Array(value.canonicalText.utf8), "application/json")
            case .bytes(let bytes): (bytes, "application/octet-stream")
            case nil: ([], nil)
            }
        var headers = HTTPHeaders([
            ("Host", address.authority),
            ("Authorization", "Bearer \(configuration.token)"), ("Content-Length", String(bytes.count)), ("Connection", "close"),
        ])
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        let head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: path, headers: headers)

        let channel = try await connect()
        // Closing the channel ends the read below, so a silent hub cannot hang the caller.
        let timedOut = NIOLockedValueBox(false)
        let deadline = channel.channel.eventLoop.scheduleTask(in: TimeAmount(configuration.requestTimeout)) {
            timedOut.withLockedValue { $0 = true }
            channel.channel.close(promise: nil)
        }
        defer { deadline.cancel() }
        do {
            return try await exchange(head: head, body: bytes, on: channel)
        } catch {
            if timedOut.withLockedValue({ $0 }) { throw ClientError.timedOut }
            // A refused TLS handshake (an untrusted certificate) surfaces here, not in connect().
            throw ClientError.connecting(to: origin, failedWith: error)
        }
    }

    /// Writes the request and reads the answer to its end.
    private func exchange(
        head: HTTPRequestHead, body: [UInt8], on channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
    ) async throws -> Response {
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(head))
            if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
            try await outbound.write(.end(nil))
            var status: Int?
            var received: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let responseHead):
                    status = Int(responseHead.status.code)
                case .body(let buffer):
                    guard received.count + buffer.readableBytes <= Self.maxResponseBytes else {
                        throw ClientError.unexpectedAnswer("the answer is larger than \(Self.maxResponseBytes) bytes")
                    }
                    received += buffer.readableBytesView
                case .end:
                    guard let status else { throw ClientError.unexpectedAnswer("no status line") }
                    return Response(status: status, body: received)
                }
            }
            throw ClientError.connectionLost
        }
    }

    private func connect() async throws -> NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart> {
        let (tls, serverName) = (tls, address.serverName)
        do {
            return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(configuration.requestTimeout))
                .connect(host: address.host, port: address.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                        }
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw ClientError.connecting(to: origin, failedWith: error)
        }
    }
}
