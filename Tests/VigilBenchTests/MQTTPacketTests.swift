import NIOCore
import Testing

@testable import VigilBench

@Suite struct MQTTPacketTests {
    @Test(arguments: [
        MQTTPacket.connect(clientID: "bench-17", keepAlive: 0),
        .connack(returnCode: 0),
        .subscribe(packetID: 1, topic: "bench/3"),
        .suback(packetID: 1, grantedQoS: 0),
        .publish(topic: "bench/3", payload: ByteBuffer(string: "~B1.2.3~xx")),
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
        MQTTPacket.publish(topic: "a/b", payload: ByteBuffer(string: "hi")).encode(into: &buffer)
        // Fixed header 0x30, remaining length 7, topic length 3, "a/b", "hi".
        #expect(Array(buffer.readableBytesView) == [0x30, 7, 0, 3, 0x61, 0x2F, 0x62, 0x68, 0x69])
    }

    @Test func longPayloadUsesAMultiByteLength() throws {
        var buffer = ByteBuffer()
        let payload = ByteBuffer(string: String(repeating: "x", count: 300))
        MQTTPacket.publish(topic: "t", payload: payload).encode(into: &buffer)
        // 2 + 1 + 300 = 303 = 0xAF 0x02 as a variable-length integer.
        #expect(Array(buffer.readableBytesView.prefix(3)) == [0x30, 0xAF, 0x02])
        #expect(try MQTTPacket.decode(from: &buffer) == .publish(topic: "t", payload: payload))
    }

    @Test func partialPacketWaitsAndConsumesNothing() throws {
        var whole = ByteBuffer()
        MQTTPacket.subscribe(packetID: 9, topic: "bench/0").encode(into: &whole)
        MQTTPacket.pingresp.encode(into: &whole)
        var partial = whole.getSlice(at: 0, length: 5)!
        #expect(try MQTTPacket.decode(from: &partial) == nil)
        #expect(partial.readableBytes == 5)
        #expect(try MQTTPacket.decode(from: &whole) == .subscribe(packetID: 9, topic: "bench/0"))
        #expect(try MQTTPacket.decode(from: &whole) == .pingresp)
        #expect(try MQTTPacket.decode(from: &whole) == nil)
    }

    @Test func refusesQoS1AndRunawayLengths() {
        var qos1 = ByteBuffer(bytes: [0x32, 2, 0, 0])
        #expect(throws: MQTTPacket.DecodeError.unsupported(type: 0x32)) { try MQTTPacket.decode(from: &qos1) }
        var runaway = ByteBuffer(bytes: [0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect(throws: MQTTPacket.DecodeError.malformedLength) { try MQTTPacket.decode(from: &runaway) }
    }
}
