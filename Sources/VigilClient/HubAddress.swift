import Foundation
import NIOCore

/// Where a hub URL (`wss://host:port/ws`) points: what to connect to, what to name in TLS, and what
/// to write in the `Host` header. The WebSocket (`HubSocket`) and the HTTP requests (`HubHTTP`)
/// read a URL alike.
struct HubAddress: Sendable {
    /// The host to connect to: a name, or an IP address without the brackets a URL writes an IPv6 one in.
    let host: String
    let port: Int
    let secure: Bool
    /// The path and query of the URL, `/ws` for the hub's WebSocket.
    let path: String

    init(_ url: String) throws {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), let written = parts.host, !written.isEmpty else {
            throw ClientError.unreachable("\(url) is not a hub URL, such as wss://localhost:8443/ws")
        }
        host = written.hasPrefix("[") && written.hasSuffix("]") ? String(written.dropFirst().dropLast()) : written
        secure = scheme == "wss" || scheme == "https"
        port = parts.port ?? (secure ? 443 : 80)
        path = (parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath) + (parts.percentEncodedQuery.map { "?\($0)" } ?? "")
    }

    /// The name sent in TLS's server name indication. TLS forbids an IP address there (RFC 6066),
    /// so a URL with one sends none, and NIOSSL checks the certificate against the address
    /// connected to: the hub's development certificate names 127.0.0.1 and ::1.
    var serverName: String? {
        (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
    }

    /// `host:port`, for the `Host` header; an IPv6 address in brackets.
    var authority: String {
        "\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
