/// A test-only endpoint that sends every message back as it came (text as text, binary as binary),
/// so that the Autobahn conformance cases exercise the WebSocket layer exactly as `/ws` runs it:
/// same listener, same `WebSocketConnection` with its message limit, UTF-8 validation and pings.
/// Served only when the server is started with `--conformance-echo`; it takes no token and
/// touches nothing stored.
final class ConformanceEcho: WebSocketEndpoint {
    static let path = "/conformance/echo"

    /// `/ws`'s settings but for one: with permessage-deflate agreed, every message goes back
    /// compressed, however small or incompressible (RFC 7692 lets a sender choose). The suite's
    /// compression cases (12.*, 13.*) hash each echoed message as the bytes of a compressed one
    /// and break on one sent as it is.
    static func settings(_ hub: WebSocketConnection.Settings) -> WebSocketConnection.Settings {
        var settings = hub
        settings.compressionThreshold = 0
        settings.compressesEverything = true
        return settings
    }

    func opened(_ connection: WebSocketConnection) {}

    func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
        connection.send(message)
    }

    func writable(_ connection: WebSocketConnection) {}

    func closed() {}
}
