import Foundation
import Logging
import NIOCore
import NIOSSL

/// How a `VigilClient` reaches its hub.
public struct ClientConfiguration: Sendable {
    /// `wss://host:port/ws`.
    public var url: String
    /// Other nodes of the same hub (several `vigil serve` on one PostgreSQL store, docs/scale-out.md):
    /// when the node in use is gone, the client connects to the next, in turn after `url`, and
    /// resumes its subscriptions with `since` there, as after any reconnection.
    public var otherURLs: [String] = []
    /// The hub token (`vgl_` and 43 base64url characters, docs/protocol.md §1): sent as the bearer of the
    /// WebSocket upgrade and of every `HubHTTP` request; its role decides what the client may do (§7).
    public var token: String
    /// A PEM file of the CA to trust (the hub's development CA); nil trusts the system's roots.
    public var caFile: String?
    /// Waits between reconnection attempts grow from `minBackoff` to `maxBackoff`.
    public var minBackoff: Duration = .milliseconds(200)
    /// The longest wait between two reconnection attempts; the waits double up to it, with ±20% jitter.
    public var maxBackoff: Duration = .seconds(10)
    /// The largest frame accepted from the hub: above the hub's own request limit, since an event
    /// wraps a request's data and a history page holds many events.
    public var maxFrameBytes = 4 * 1024 * 1024
    /// Whether the WebSocket offers permessage-deflate (RFC 7692): the hub then sends its larger
    /// frames (history pages, detection batches) compressed, and the client inflates them, each
    /// within `maxFrameBytes`. Off: every frame comes as it is.
    public var compression = true
    /// How long a request waits for its answer before it fails with `timedOut`.
    public var requestTimeout: Duration = .seconds(30)
    /// Where the client logs: undecodable frames, failed resubscriptions and the hub's unreferenced errors as warnings,
    /// failed connection attempts at debug level.
    public var logger = Logger(label: "vigil.client")

    /// A configuration for the hub at `url` (`wss://host:port/ws`, or `ws://` without TLS), authenticating with `token`;
    /// `caFile` is a PEM file of the CA to trust, such as the development CA `certs/vigil-dev-ca.pem`.
    public init(url: String, token: String, caFile: String? = nil) {
        self.url = url
        self.token = token
        self.caFile = caFile
    }
}

extension ClientConfiguration {
    /// `url`, then `otherURLs`: the nodes tried in turn.
    var nodes: [String] { [url] + otherURLs }

    /// This configuration for the node at `url`.
    func on(node url: String) -> ClientConfiguration {
        var configuration = self
        configuration.url = url
        return configuration
    }

    /// TLS for a `wss://` URL, trusting `caFile` when given; nil for a plain `ws://` URL. The
    /// WebSocket and the HTTP requests (`HubHTTP`) trust the hub alike.
    func tlsConfiguration() throws -> TLSConfiguration? {
        guard url.lowercased().hasPrefix("wss:") else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        }
        return tls
    }
}

/// A request the hub refused, a drop while it was in flight, or a client that was closed.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The hub answered `error`.
    case refused(ProtocolErrorInfo)
    /// The connection dropped before the answer came; a publish may or may not have been stored.
    case connectionLost
    /// The hub closed the connection for a reason retrying will not fix (an invalid token).
    case rejected(code: UInt16, reason: String)
    /// ``VigilClient/close()`` was called; the client makes no more connections and every call fails with this.
    case closed
    /// No answer within `requestTimeout`; a publish may or may not have been stored.
    case timedOut
    /// The first connection failed (wrong URL, hub down).
    case unreachable(String)
    /// The hub at this address showed a certificate that no trusted authority signed for it: the
    /// caller must trust the hub's CA (`caFile`).
    case untrustedCertificate(String)
    /// An HTTP answer that is not the hub's JSON (another server behind the URL, a cut-off body).
    case unexpectedAnswer(String)

    /// The error in one sentence, for logs and command-line output; a refusal reads `code: message`.
    public var description: String {
        switch self {
        case .refused(let info): "\(info.code): \(info.message)"
        case .connectionLost: "the connection dropped before the hub answered"
        case .rejected(let code, let reason): "the hub closed the connection (\(code)): \(reason)"
        case .closed: "the client is closed"
        case .timedOut: "the hub did not answer in time"
        case .unreachable(let reason): "the hub could not be reached: \(reason)"
        case .untrustedCertificate(let hub): "the certificate of the hub at \(hub) is not trusted"
        case .unexpectedAnswer(let what): "the hub's answer could not be read: \(what)"
        }
    }
}

extension ClientError {
    /// A connection to `hub` that failed with `error`: an untrusted certificate is told apart from
    /// a hub that cannot be reached, since only the caller can mend it.
    static func connecting(to hub: String, failedWith error: any Error) -> ClientError {
        if let error = error as? ClientError { return error }
        let text = String(describing: error)
        let untrusted = text.contains("CERTIFICATE_VERIFY_FAILED") || (error as? NIOSSLExtraError) == .failedToValidateHostname
        return untrusted ? .untrustedCertificate(hub) : .unreachable("\(hub): \(text)")
    }

    /// Whether `error` is a connection cut on its way to the hub, after something had answered: a
    /// proxy whose node is down for a moment, a reset. The address may well be right, so such a
    /// failure is retried, where a refused connection or an untrusted certificate is reported.
    static func isCut(_ error: any Error) -> Bool {
        switch error {
        case NIOSSLError.uncleanShutdown, ChannelError.eof, ChannelError.ioOnClosedChannel: true
        case let error as IOError: error.errnoCode == ECONNRESET || error.errnoCode == EPIPE
        default: false
        }
    }
}

/// The `code` and sentence of a refusal.
public struct ProtocolErrorInfo: Equatable, Sendable {
    /// The hub's error code (docs/protocol.md §9), such as `forbidden` or `already_exists`; see `ErrorCode`.
    public let code: String
    /// The hub's sentence saying what was wrong, for people (not to be matched on).
    public let message: String
}
