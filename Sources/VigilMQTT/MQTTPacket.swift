import NIOCore

/// The part of MQTT 3.1.1 that Vigil speaks, as the benchmark's subscriber and as the bridge from a
/// sensors' broker: connect (with a persistent session and credentials when given), subscribe,
/// publish at QoS 0 or 1 and its acknowledgement, ping. QoS 2 is not spoken: subscriptions ask for
/// QoS 1 at most, so a broker never sends it.
public enum MQTTPacket: Sendable, Equatable {
    case connect(MQTTConnect)
    /// `sessionPresent`: the broker kept the session of an earlier connection with this client id.
    case connack(sessionPresent: Bool, returnCode: UInt8)
    /// One topic filter, at `qos` (0 or 1).
    case subscribe(packetID: UInt16, topic: String, qos: UInt8)
    /// `grantedQoS` 0x80 is a refusal.
    case suback(packetID: UInt16, grantedQoS: UInt8)
    case publish(MQTTPublish)
    case puback(packetID: UInt16)
    case pingreq
    case pingresp
    case disconnect

    /// Why bytes are not a packet this codec reads.
    public enum DecodeError: Error, Equatable {
        case malformedLength
        case unsupported(type: UInt8)
        case malformed(String)
        case tooLarge(Int)
    }

    /// The largest packet `decode` accepts: a sensor's message with a snapshot, and room to spare.
    public static let maximumPacketBytes = 4 * 1024 * 1024

    /// Appends the packet's bytes to `buffer`.
    public func encode(into buffer: inout ByteBuffer) {
        var body = ByteBuffer()
        let header: UInt8
        switch self {
        case .connect(let connect):
            header = 0x10
            Self.writeString("MQTT", to: &body)
            body.writeInteger(UInt8(4))  // protocol level 3.1.1
            body.writeInteger(connect.flags)
            body.writeInteger(connect.keepAlive)
            Self.writeString(connect.clientID, to: &body)
            if let username = connect.username { Self.writeString(username, to: &body) }
            if let password = connect.password { Self.writeString(password, to: &body) }
        case .connack(let sessionPresent, let returnCode):
            header = 0x20
            body.writeInteger(UInt8(sessionPresent ? 1 : 0))
            body.writeInteger(returnCode)
        case .subscribe(let packetID, let topic, let qos):
            header = 0x82
            body.writeInteger(packetID)
            Self.writeString(topic, to: &body)
            body.writeInteger(qos)
        case .suback(let packetID, let grantedQoS):
            header = 0x90
            body.writeInteger(packetID)
            body.writeInteger(grantedQoS)
        case .publish(let publish):
            header = 0x30 | (publish.duplicate ? 0x08 : 0) | (publish.qos << 1) | (publish.retain ? 0x01 : 0)
            Self.writeString(publish.topic, to: &body)
            if let packetID = publish.packetID { body.writeInteger(packetID) }
            var payload = publish.payload
            body.writeBuffer(&payload)
        case .puback(let packetID):
            header = 0x40
            body.writeInteger(packetID)
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
        guard length <= maximumPacketBytes else { throw .tooLarge(length) }
        guard var body = peek.readSlice(length: length) else { return nil }
        buffer = peek
        switch header >> 4 {
        case 1: return .connect(try MQTTConnect.decode(&body))
        case 2:
            guard let flags = body.readInteger(as: UInt8.self), let code = body.readInteger(as: UInt8.self) else { throw .malformed("connack") }
            return .connack(sessionPresent: flags & 1 == 1, returnCode: code)
        case 3: return .publish(try MQTTPublish.decode(header: header, body: &body))
        case 4:
            guard let packetID = body.readInteger(as: UInt16.self) else { throw .malformed("puback") }
            return .puback(packetID: packetID)
        case 8:
            guard let packetID = body.readInteger(as: UInt16.self) else { throw .malformed("subscribe") }
            let topic = try readString(&body)
            guard let qos = body.readInteger(as: UInt8.self) else { throw .malformed("subscribe") }
            return .subscribe(packetID: packetID, topic: topic, qos: qos)
        case 9:
            guard let packetID = body.readInteger(as: UInt16.self), let qos = body.readInteger(as: UInt8.self) else { throw .malformed("suback") }
            return .suback(packetID: packetID, grantedQoS: qos)
        case 12: return .pingreq
        case 13: return .pingresp
        case 14: return .disconnect
        default: throw .unsupported(type: header)
        }
    }

    static func writeString(_ string: String, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt16(string.utf8.count))
        buffer.writeString(string)
    }

    static func readString(_ buffer: inout ByteBuffer) throws(DecodeError) -> String {
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

/// A CONNECT packet's fields (no will message).
public struct MQTTConnect: Sendable, Equatable {
    /// Unique per client at a broker: the broker ends an older connection with the same id, and
    /// keeps a persistent session under it.
    public var clientID: String
    /// Seconds within which the client sends something (a ping if nothing else); 0: none expected.
    public var keepAlive: UInt16
    /// false: the broker keeps the session (subscriptions, QoS 1 messages not yet acknowledged)
    /// across connections with this client id.
    public var cleanSession: Bool
    /// Credentials, when the broker asks for them.
    public var username: String?
    /// Sent only with a username, as MQTT 3.1.1 requires.
    public var password: String?

    /// A CONNECT for `clientID`; a clean session without credentials unless told otherwise.
    public init(clientID: String, keepAlive: UInt16, cleanSession: Bool = true, username: String? = nil, password: String? = nil) {
        self.clientID = clientID
        self.keepAlive = keepAlive
        self.cleanSession = cleanSession
        self.username = username
        self.password = username == nil ? nil : password
    }

    var flags: UInt8 {
        (username == nil ? 0 : 0x80) | (password == nil ? 0 : 0x40) | (cleanSession ? 0x02 : 0)
    }

    static func decode(_ body: inout ByteBuffer) throws(MQTTPacket.DecodeError) -> MQTTConnect {
        guard try MQTTPacket.readString(&body) == "MQTT", body.readInteger(as: UInt8.self) == 4,
            let flags = body.readInteger(as: UInt8.self), let keepAlive = body.readInteger(as: UInt16.self)
        else { throw .malformed("connect") }
        let clientID = try MQTTPacket.readString(&body)
        let username = flags & 0x80 == 0 ? nil : try MQTTPacket.readString(&body)
        let password = flags & 0x40 == 0 ? nil : try MQTTPacket.readString(&body)
        return MQTTConnect(clientID: clientID, keepAlive: keepAlive, cleanSession: flags & 0x02 != 0, username: username, password: password)
    }
}

/// A PUBLISH packet: a message on a topic, at QoS 0 (no packet id) or 1 (acknowledged by PUBACK).
public struct MQTTPublish: Sendable, Equatable {
    /// The topic the message was published on (never a filter).
    public var topic: String
    /// The message's bytes, whatever they are.
    public var payload: ByteBuffer
    /// 0 (at most once) or 1 (at least once).
    public var qos: UInt8
    /// Present at QoS 1: what the PUBACK names.
    public var packetID: UInt16?
    /// Set when the broker sends a QoS 1 message again that it may have sent before.
    public var duplicate: Bool
    /// Set when the broker sends the retained message of a topic as a subscription starts.
    public var retain: Bool

    /// A message for `topic`; at QoS 1 `packetID` is required.
    public init(topic: String, payload: ByteBuffer, qos: UInt8 = 0, packetID: UInt16? = nil, duplicate: Bool = false, retain: Bool = false) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.packetID = packetID
        self.duplicate = duplicate
        self.retain = retain
    }

    static func decode(header: UInt8, body: inout ByteBuffer) throws(MQTTPacket.DecodeError) -> MQTTPublish {
        let qos = (header >> 1) & 0x03
        guard qos < 2 else { throw .unsupported(type: header) }  // QoS 2 is never asked for
        let topic = try MQTTPacket.readString(&body)
        var packetID: UInt16?
        if qos == 1 {
            guard let id = body.readInteger(as: UInt16.self) else { throw .malformed("publish") }
            packetID = id
        }
        return MQTTPublish(topic: topic, payload: body, qos: qos, packetID: packetID, duplicate: header & 0x08 != 0, retain: header & 0x01 != 0)
    }
}
