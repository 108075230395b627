import NIOCore
import NIOWebSocket
import VigilMQTT

/// Mosquitto: MQTT 3.1.1 over WebSocket (subprotocol `mqtt`), clean sessions, QoS 0 on topic
/// `bench/{n}`. Nothing is persisted.
struct MosquittoDialect: Dialect {
    let runID: String

    static func topic(_ topic: Int) -> String { "bench/\(topic)" }

    func upgrade(topic: Int, index: Int, publisher: Bool) -> (path: String, headers: [(String, String)]) {
        ("/mqtt", [("Sec-WebSocket-Protocol", "mqtt")])
    }

    func readyOnUpgrade(publisher: Bool) -> Bool { false }

    func opening(topic: Int, index: Int, publisher: Bool) -> [WebSocketFrame] {
        var buffer = ByteBuffer()
        // Client ids must be unique: the broker ends an older connection with the same id.
        // Keep-alive 0: the broker does not expect pings from a connection that only listens.
        MQTTPacket.connect(MQTTConnect(clientID: "\(runID)-\(publisher ? "p" : "s")\(index)", keepAlive: 0)).encode(into: &buffer)
        MQTTPacket.subscribe(packetID: 1, topic: Self.topic(topic), qos: 0).encode(into: &buffer)
        return [.binary(buffer)]
    }

    func publish(topic: Int, payload: String, sentNanos: UInt64) -> WebSocketFrame {
        var buffer = ByteBuffer()
        MQTTPacket.publish(MQTTPublish(topic: Self.topic(topic), payload: ByteBuffer(string: payload))).encode(into: &buffer)
        return .binary(buffer)
    }

    func makeReader() -> any FrameReader { Reader() }

    /// MQTT is a byte stream: a packet may span WebSocket frames, and a frame may hold several.
    final class Reader: FrameReader {
        private var pending = ByteBuffer()

        func read(_ frame: WebSocketFrame, into events: inout [Inbound]) throws {
            guard frame.opcode == .binary || frame.opcode == .continuation else { return }
            var data = frame.unmaskedData
            pending.writeBuffer(&data)
            while let packet = try MQTTPacket.decode(from: &pending) {
                switch packet {
                case .publish(let message): events.append(.message(message.payload))
                case .suback(_, let granted) where granted < 0x80: events.append(.ready)
                case .suback: events.append(.refused("subscription refused"))
                case .connack(_, let code) where code != 0: events.append(.refused("connack \(code)"))
                default: break
                }
            }
            pending.discardReadBytes()
        }
    }
}
