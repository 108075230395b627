import NIOCore
import NIOWebSocket

/// The servers the benchmark can drive.
public enum BenchTarget: String, CaseIterable, Codable, Sendable {
    case vigil
    case nchan
    case mosquitto
}

/// What a connection's frames mean to the benchmark.
enum Inbound {
    /// The subscription is in place.
    case ready
    /// A delivered message (its probe is read from these bytes).
    case message(ByteBuffer)
    /// A publish was accepted; vigil's `ok` echoes the send time as its ref.
    case accepted(sentNanos: UInt64)
    case refused(String)
}

/// One connection's reading of frames; it may keep state between frames (MQTT packets can span them).
protocol FrameReader: AnyObject {
    func read(_ frame: WebSocketFrame, into events: inout [Inbound]) throws
}

/// How one kind of server is spoken to over WebSocket: the upgrade request, what a connection
/// sends first (authentication, subscription), how a message is published and how frames read.
protocol Dialect: Sendable {
    /// The upgrade request's path and extra headers for connection `index` on `topic`.
    func upgrade(topic: Int, index: Int, publisher: Bool) -> (path: String, headers: [(String, String)])
    /// Whether the connection is ready once upgraded (nchan subscribes on the upgrade), or waits
    /// for the server to confirm its subscription.
    func readyOnUpgrade(publisher: Bool) -> Bool
    /// Frames sent right after the upgrade.
    func opening(topic: Int, index: Int, publisher: Bool) -> [WebSocketFrame]
    func publish(topic: Int, payload: String, sentNanos: UInt64) -> WebSocketFrame
    func makeReader() -> any FrameReader
}

extension WebSocketFrame {
    static func text(_ string: String) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: string))
    }

    static func binary(_ buffer: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: buffer)
    }
}
