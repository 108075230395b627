import NIOCore
import NIOWebSocket
import VigilCore

/// A whole message: a text message is valid UTF-8, checked once it is complete.
enum WebSocketMessage {
    case text(String)
    case binary(ByteBuffer)
}

/// Puts a connection's data frames (text, binary, continuation) together into messages, and
/// says which close code ends the connection when the frames break RFC 6455: a continuation with
/// nothing to continue, a new message inside a fragmented one or a reserved opcode (1002), more
/// than `maxBytes` in one message (1009), a text message that is not UTF-8 (1007).
struct MessageAssembler {
    enum Outcome {
        case message(WebSocketMessage)
        /// A fragment was kept; the message is not complete yet.
        case incomplete
        case fail(CloseCode)
    }

    let maxBytes: Int
    /// The opcode and bytes of a fragmented message so far.
    private var partialOpcode: WebSocketOpcode?
    private var partialBytes = ByteBuffer()

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    mutating func append(_ frame: WebSocketFrame) -> Outcome {
        let data = frame.unmaskedData
        switch frame.opcode {
        case .text, .binary:
            guard partialOpcode == nil else { return .fail(.protocolError) }
            guard data.readableBytes <= maxBytes else { return .fail(.messageTooBig) }
            if frame.fin { return Self.complete(frame.opcode, data) }
            (partialOpcode, partialBytes) = (frame.opcode, data)
            return .incomplete
        case .continuation:
            guard let opcode = partialOpcode else { return .fail(.protocolError) }
            guard partialBytes.readableBytes + data.readableBytes <= maxBytes else { return .fail(.messageTooBig) }
            partialBytes.writeImmutableBuffer(data)
            guard frame.fin else { return .incomplete }
            defer { (partialOpcode, partialBytes) = (nil, ByteBuffer()) }
            return Self.complete(opcode, partialBytes)
        default:
            return .fail(.protocolError)
        }
    }

    private static func complete(_ opcode: WebSocketOpcode, _ bytes: ByteBuffer) -> Outcome {
        guard opcode == .text else { return .message(.binary(bytes)) }
        guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else { return .fail(.invalidPayload) }
        return .message(.text(text))
    }
}
