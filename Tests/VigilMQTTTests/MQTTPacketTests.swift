import NIOCore
import Testing
import VigilMQTT

@Suite struct MQTTPacketTests {
    @Test(arguments: [
        MQTTPacket.connect(MQTTConnect(clientID: "bench-17", keepAlive: 0)),
        .connect(MQTTConnect(clientID: "vigil-bridge-hq", keepAlive: 30, cleanSession: false, username: "vigil", password: "s3cret")),
        .connack(sessionPresent: false, returnCode: 0),
        .connack(sessionPresent: true, returnCode: 0),
        .subscribe(packetID: 1, topic: "bench/3", qos: 0),
        .subscribe(packetID: 2, topic: "smartguard/+/motion", qos: 1),
        .suback(packetID: 1, grantedQoS: 0),
        .publish(MQTTPublish(topic: "bench/3", payload: ByteBuffer(string: "~B1.2.3~xx"))),
        .publish(MQTTPublish(topic: "smartguard/door/motion", payload: ByteBuffer(string: "{}"), qos: 1, packetID: 7, duplicate: true)),
        .publish(MQTTPublish(topic: "a", payload: ByteBuffer(), retain: true)),
        .puback(packetID: 7),
        .pingreq, .pingresp, .disconnect,
    ])
    func roundTrip(_ packet: MQTTPacket) throws {
        var buffer = ByteBuffer()
        packet.encode(into: &buffer)
        #expect(try MQTTPacket.decode(from: &buffer) == packet)
        #expect(buffer.readableBytes == 0)
    }

    @Test func publishBytesAreTheSpec() {
        var buffer = ByteBuffer()
        MQTTPacket.publish(MQTTPublish(topic: "a/b", payload: ByteBuffer(string: "hi"))).encode(into: &buffer)
        // Fixed header 0x30, remaining length 7, topic length 3, "a/b", "hi".
        #expect(Array(buffer.readableBytesView) == [0x30, 7, 0, 3, 0x61, 0x2F, 0x62, 0x68, 0x69])
    }

    @Test func qos1PublishCarriesItsPacketIDAndTheDuplicateFlag() {
        var buffer = ByteBuffer()
        MQTTPacket.publish(MQTTPublish(topic: "t", payload: ByteBuffer(string: "x"), qos: 1, packetID: 0x0102, duplicate: true)).encode(
            into: &buffer)
        // 0x30 | DUP 0x08 | QoS 1 << 1; topic "t", packet id 0x0102, "x".
        #expect(Array(buffer.readableBytesView) == [0x3A, 6, 0, 1, 0x74, 0x01, 0x02, 0x78])
    }

    @Test func connectFlagsAreTheSpec() {
        var buffer = ByteBuffer()
        MQTTPacket.connect(MQTTConnect(clientID: "c", keepAlive: 60, cleanSession: false, username: "u", password: "p")).encode(into: &buffer)
        // After "MQTT" and level 4: user name 0x80 | password 0x40, no clean session; keep-alive 60.
        #expect(Array(buffer.readableBytesView.dropFirst(8).prefix(4)) == [4, 0xC0, 0, 60])
        // A password without a user name is not sent (MQTT 3.1.1 §3.1.2.9).
        #expect(MQTTConnect(clientID: "c", keepAlive: 0, password: "p").password == nil)
    }

    @Test func longPayloadUsesAMultiByteLength() throws {
        var buffer = ByteBuffer()
        let payload = ByteBuffer(string: String(repeating: "x", count: 300))
        MQTTPacket.publish(MQTTPublish(topic: "t", payload: payload)).encode(into: &buffer)
        // 2 + 1 + 300 = 303 = 0xAF 0x02 as a variable-length integer.
        #expect(Array(buffer.readableBytesView.prefix(3)) == [0x30, 0xAF, 0x02])
        #expect(try MQTTPacket.decode(from: &buffer) == .publish(MQTTPublish(topic: "t", payload: payload)))
    }

    @Test func partialPacketWaitsAndConsumesNothing() throws {
        var whole = ByteBuffer()
        MQTTPacket.subscribe(packetID: 9, topic: "bench/0", qos: 0).encode(into: &whole)
        MQTTPacket.pingresp.encode(into: &whole)
        var partial = whole.getSlice(at: 0, length: 5)!
        #expect(try MQTTPacket.decode(from: &partial) == nil)
        #expect(partial.readableBytes == 5)
        #expect(try MQTTPacket.decode(from: &whole) == .subscribe(packetID: 9, topic: "bench/0", qos: 0))
        #expect(try MQTTPacket.decode(from: &whole) == .pingresp)
        #expect(try MQTTPacket.decode(from: &whole) == nil)
    }

    @Test func refusesQoS2OversizeAndRunawayLengths() {
        var qos2 = ByteBuffer(bytes: [0x34, 2, 0, 0])
        #expect(throws: MQTTPacket.DecodeError.unsupported(type: 0x34)) { try MQTTPacket.decode(from: &qos2) }
        var runaway = ByteBuffer(bytes: [0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect(throws: MQTTPacket.DecodeError.malformedLength) { try MQTTPacket.decode(from: &runaway) }
        // 0x80 0x80 0x80 0x04: 8 MiB announced, refused before any of it is waited for.
        var huge = ByteBuffer(bytes: [0x30, 0x80, 0x80, 0x80, 0x04])
        #expect(throws: MQTTPacket.DecodeError.tooLarge(8 * 1024 * 1024)) { try MQTTPacket.decode(from: &huge) }
    }
}
