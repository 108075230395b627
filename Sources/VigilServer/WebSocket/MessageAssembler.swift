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
///
/// With permessage-deflate agreed (`inflates`), a message whose first frame has RSV1 set is
/// inflated as its frames come (`MessageInflater`), and its limit counts the inflated bytes: a
/// message that inflates past `maxBytes` closes with 1009 as soon as it does, and data that does
/// not inflate with 1007. RSV1 anywhere else is a protocol error (RFC 7692 §6.1).
struct MessageAssembler {
    enum Outcome {
        case message(WebSocketMessage)
        /// A fragment was kept; the message is not complete yet.
        case incomplete
        case fail(CloseCode)
    }

    let maxBytes: Int
    let inflates: Bool
    /// The opcode and bytes of a fragmented message so far.
    private var partialOpcode: WebSocketOpcode?
    private var partialBytes = ByteBuffer()
    /// The inflater of the compressed message in progress; nil between messages.
    private var inflater: MessageInflater?

    init(maxBytes: Int, inflates: Bool = false) {
        self.maxBytes = maxBytes
        self.inflates = inflates
    }

    mutating func append(_ frame: WebSocketFrame) -> Outcome {
        guard frame.rsv1 == false || (inflates && frame.opcode != .continuation) else { return .fail(.protocolError) }
        let data = frame.unmaskedData
        switch frame.opcode {
        case .text, .binary:
            guard partialOpcode == nil else { return .fail(.protocolError) }
            if frame.rsv1 {
                inflater = MessageInflater(maxBytes: maxBytes)
                partialOpcode = frame.opcode
                return inflate(data, fin: frame.fin)
            }
            guard data.readableBytes <= maxBytes else { return .fail(.messageTooBig) }
            if frame.fin { return Self.complete(frame.opcode, data) }
            (partialOpcode, partialBytes) = (frame.opcode, data)
            return .incomplete
        case .continuation:
            guard let opcode = partialOpcode else { return .fail(.protocolError) }
            if inflater != nil { return inflate(data, fin: frame.fin) }
            guard partialBytes.readableBytes + data.readableBytes <= maxBytes else { return .fail(.messageTooBig) }
            partialBytes.writeImmutableBuffer(data)
            guard frame.fin else { return .incomplete }
            defer { (partialOpcode, partialBytes) = (nil, ByteBuffer()) }
            return Self.complete(opcode, partialBytes)
        default:
            return .fail(.protocolError)
        }
    }

    /// One frame of a compressed message; the inflater goes with the message's last frame.
    private mutating func inflate(_ data: ByteBuffer, fin: Bool) -> Outcome {
        guard let inflater, let opcode = partialOpcode else { return .fail(.protocolError) }
        do throws(MessageInflater.Failure) {
            try inflater.append(data)
            guard fin else { return .incomplete }
            let message = try inflater.finish()
            (self.inflater, partialOpcode) = (nil, nil)
            return Self.complete(opcode, message)
        } catch {
            return .fail(error == .tooBig ? .messageTooBig : .invalidPayload)
        }
    }

    private static func complete(_ opcode: WebSocketOpcode, _ bytes: ByteBuffer) -> Outcome {
        guard opcode == .text else { return .message(.binary(bytes)) }
        guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else { return .fail(.invalidPayload) }
        return .message(.text(text))
    }
}
