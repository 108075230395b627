import HummingbirdWebSocket
import NIOCore

/// A test-only endpoint that sends every message back as it came (text as text, binary as binary),
/// so that the Autobahn conformance cases can exercise the WebSocket layer exactly as `/ws` runs
/// it: same listener, same frame limit, UTF-8 validation and pings. Registered only when the server
/// is started with `--conformance-echo`; it takes no token and touches nothing stored.
struct ConformanceEcho: Sendable {
    static let path = "conformance/echo"
    /// The same bound as `/ws`: a larger message closes the connection with 1009.
    let maxMessageBytes: Int

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        for try await message in inbound.messages(maxSize: maxMessageBytes) {
            switch message {
            case .text(let text):
                try await outbound.write(.text(text))
            case .binary(let bytes):
                try await outbound.write(.binary(bytes))
            }
        }
    }
}
