import NIOCore
import NIOWebSocket

/// nginx with nchan: subscribers upgrade on `/sub/{channel}`; publishers on `/pubsub/{channel}`,
/// where each text frame they send is published (and, subscribed there too, they see the channel).
/// Messages are kept in nchan's memory store only.
struct NchanDialect: Dialect {
    func upgrade(topic: Int, index: Int, publisher: Bool) -> (path: String, headers: [(String, String)]) {
        (publisher ? "/pubsub/bench-\(topic)" : "/sub/bench-\(topic)", [])
    }

    /// nchan subscribes a WebSocket when it upgrades; nothing more to send.
    func readyOnUpgrade(publisher: Bool) -> Bool { true }

    func opening(topic: Int, index: Int, publisher: Bool) -> [WebSocketFrame] { [] }

    func publish(topic: Int, payload: String, sentNanos: UInt64) -> WebSocketFrame {
        .text(payload)
    }

    func makeReader() -> any FrameReader { Reader() }

    final class Reader: FrameReader {
        func read(_ frame: WebSocketFrame, into events: inout [Inbound]) throws {
            guard frame.opcode == .text else { return }
            events.append(.message(frame.unmaskedData))
        }
    }
}
