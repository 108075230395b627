import NIOCore

/// The part of MQTT 3.1.1 the benchmark speaks: connect, subscribe and publish at QoS 0, ping.
public enum MQTTPacket: Sendable, Equatable {
    case connect(clientID: String, keepAlive: UInt16)
    case connack(returnCode: UInt8)
    case subscribe(packetID: UInt16, topic: String)
    case suback(packetID: UInt16, grantedQoS: UInt8)
    /// QoS 0: no packet id.
    case publish(topic: String, payload: ByteBuffer)
    case pingreq
    case pingresp
    case disconnect

    public enum DecodeError: Error, Equatable {
        case malformedLength
        case unsupported(type: UInt8)
        case malformed(String)
    }

    public func encode(into buffer: inout ByteBuffer) {
        var body = ByteBuffer()
        let header: UInt8
        switch self {
        case .connect(let clientID, let keepAlive):
            header = 0x10
            Self.writeString("MQTT", to: &body)
            body.writeInteger(UInt8(4))  // protocol level 3.1.1
            body.writeInteger(UInt8(0x02))  // clean session
            body.writeInteger(keepAlive)
            Self.writeString(clientID, to: &body)
        case .connack(let returnCode):
            header = 0x20
            body.writeInteger(UInt8(0))
            body.writeInteger(returnCode)
        case .subscribe(let packetID, let topic):
            header = 0x82
            body.writeInteger(packetID)
            Self.writeString(topic, to: &body)
            body.writeInteger(UInt8(0))
        case .suback(let packetID, let grantedQoS):
            header = 0x90
            body.writeInteger(packetID)
            body.writeInteger(grantedQoS)
        case .publish(let topic, let payload):
            header = 0x30
            Self.writeString(topic, to: &body)
            var payload = payload
            body.writeBuffer(&payload)
        case .pingreq:
            header = 0xC0
        case .pingresp:
            header = 0xD0
        case .disconnect:
            header = 0xE0
        }
        buffer.writeInteger(header)
        Self.writeRemainingLength(body.readableBytes, to: &buffer)
        buffer.writeBuffer(&body)
    }

    /// Reads one whole packet from the front of `buffer`; nil (and nothing consumed) when the
    /// packet is not complete yet.
    public static func decode(from buffer: inout ByteBuffer) throws(DecodeError) -> MQTTPacket? {
        var peek = buffer
        guard let header = peek.readInteger(as: UInt8.self) else { return nil }
        var length = 0
        var shift = 0
        while true {
            guard let byte = peek.readInteger(as: UInt8.self) else { return nil }
            length |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
            guard shift < 28 else { throw .malformedLength }
        }
        guard var body = peek.readSlice(length: length) else { return nil }
        buffer = peek
        switch header >> 4 {
        case 1:
            guard try readString(&body) == "MQTT", body.readInteger(as: UInt8.self) == 4,
                body.readInteger(as: UInt8.self) != nil, let keepAlive = body.readInteger(as: UInt16.self)
            else { throw .malformed("connect") }
            return .connect(clientID: try readString(&body), keepAlive: keepAlive)
        case 2:
            guard body.readInteger(as: UInt8.self) != nil, let code = body.readInteger(as: UInt8.self) else { throw .malformed("connack") }
            return .connack(returnCode: code)
        case 3:
            guard header & 0x06 == 0 else { throw .unsupported(type: header) }  // QoS 0 only
            return .publish(topic: try readString(&body), payload: body)
        case 8:
            guard let packetID = body.readInteger(as: UInt16.self) else { throw .malformed("subscribe") }
            let topic = try readString(&body)
            guard body.readInteger(as: UInt8.self) != nil else { throw .malformed("subscribe") }
            return .subscribe(packetID: packetID, topic: topic)
        case 9:
            guard let packetID = body.readInteger(as: UInt16.self), let qos = body.readInteger(as: UInt8.self) else { throw .malformed("suback") }
            return .suback(packetID: packetID, grantedQoS: qos)
        case 12: return .pingreq
        case 13: return .pingresp
        case 14: return .disconnect
        default: throw .unsupported(type: header)
        }
    }

    private static func writeString(_ string: String, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt16(string.utf8.count))
        buffer.writeString(string)
    }

    private static func readString(_ buffer: inout ByteBuffer) throws(DecodeError) -> String {
        guard let length = buffer.readInteger(as: UInt16.self), let string = buffer.readString(length: Int(length)) else {
            throw .malformed("string")
        }
        return string
    }

    private static func writeRemainingLength(_ length: Int, to buffer: inout ByteBuffer) {
        var rest = length
        repeat {
            var byte = UInt8(rest & 0x7F)
            rest >>= 7
            if rest > 0 { byte |= 0x80 }
            buffer.writeInteger(byte)
        } while rest > 0
    }
}
