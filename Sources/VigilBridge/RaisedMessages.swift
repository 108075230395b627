import NIOCore
import VigilMQTT

/// The QoS 1 messages a bridge has raised alerts for, by packet id, so that a message the broker
/// sends again (flag DUP) after a connection dropped between the hub's `ok` and the bridge's
/// PUBACK raises nothing the second time. A broker resends a message with the packet id it first
/// had, and reuses an id only once the message was acknowledged; so a DUP message whose id, topic
/// and bytes match the last one raised under that id is the same message. At most one entry per
/// packet id: 65,535 fingerprints, whatever the traffic.
struct RaisedMessages {
    private struct Fingerprint: Equatable {
        let topic: String
        let length: Int
        let hash: Int
    }

    private var raised: [UInt16: Fingerprint] = [:]

    /// Whether `message` is a resend of one already raised.
    func alreadyRaised(_ message: MQTTPublish) -> Bool {
        guard message.duplicate, let packetID = message.packetID else { return false }
        return raised[packetID] == Self.fingerprint(message)
    }

    mutating func record(_ message: MQTTPublish) {
        guard let packetID = message.packetID else { return }
        raised[packetID] = Self.fingerprint(message)
    }

    private static func fingerprint(_ message: MQTTPublish) -> Fingerprint {
        var hasher = Hasher()
        message.payload.withUnsafeReadableBytes { hasher.combine(bytes: $0) }
        return Fingerprint(topic: message.topic, length: message.payload.readableBytes, hash: hasher.finalize())
    }
}
