import NIOCore
import NIOWebSocket

/// A server's frame on the wire (RFC 6455 §5.2): final, unmasked, a header and then the bytes.
/// The connection encodes its frames itself so that a batch of them is one buffer, one TLS
/// write and one flush. `compressed` sets RSV1: the payload is deflated (RFC 7692 §6).
enum UnmaskedFrame {
    static func append(opcode: WebSocketOpcode, payload: ByteBuffer, compressed: Bool = false, to buffer: inout ByteBuffer) {
        buffer.writeInteger(0x80 | (compressed ? 0x40 : 0) | UInt8(webSocketOpcode: opcode))
        let length = payload.readableBytes
        switch length {
        case ..<126:
            buffer.writeInteger(UInt8(length))
        case ..<65536:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
        buffer.writeImmutableBuffer(payload)
    }
}
