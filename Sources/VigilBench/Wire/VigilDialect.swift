import NIOCore
import NIOWebSocket

/// What a vigil benchmark publishes: notices on `notice/{site}`, chat messages said in each site's
/// control room `chat/{site}/control`, or an analytics backend's detections batches on
/// `detections/{site}/cam-0` (the live overlay). Notices and chat are events, committed to the log
/// before they are fanned out; a batch's detections are stored (rows and R*Tree) before the batch
/// goes live, but the batch is not an event of the log.
public enum VigilChannel: String, CaseIterable, Codable, Sendable {
    case notice
    case chat
    case detections

    func topic(of site: String) -> String {
        switch self {
        case .notice: "notice/\(site)"
        case .chat: "chat/\(site)/control"
        case .detections: "detections/\(site)/\(DetectionBatchPayload.camera)"
        }
    }

    var command: String {
        switch self {
        case .notice: "notice"
        case .chat: "say"
        case .detections: "batch"
        }
    }

    /// What every server is sent: notices and chat carry the probe in a text, detections in a batch.
    public var body: MessageBody { self == .detections ? .detectionBatch : .text }

    /// Whether the publishers' tokens may read what they publish: analytics backends (devices)
    /// write detections but do not watch them.
    public var publishersRead: Bool { self != .detections }

    /// What the hub keeps of each publish, for the reports.
    public var storage: String {
        switch self {
        case .notice, .chat: "vigil commits every publish to its event log in SQLite before delivering it"
        case .detections: "vigil stores every batch's detections in SQLite (rows and R*Tree) before delivering it, outside the event log"
        }
    }

    /// The publish's `data`: the payload as the text of a notice or message, or the batch itself.
    func data(_ payload: String) -> String {
        self == .detections ? payload : #"{"text":"\#(payload)"}"#
    }
}

/// Vigil's protocol: a bearer token on the upgrade, `subscribe` to the channel's topic (one
/// benchmark site per topic) and `publish` whose data carries the probe.
struct VigilDialect: Dialect {
    /// Subscriber and publisher tokens; each holds a bounded number of connections.
    let subscriberTokens: [String]
    let publisherTokens: [String]
    let connectionsPerToken: Int
    let channel: VigilChannel

    static func site(_ topic: Int) -> String { "bench-\(topic)" }
    func topic(_ topic: Int) -> String { channel.topic(of: Self.site(topic)) }

    func upgrade(topic: Int, index: Int, publisher: Bool) -> (path: String, headers: [(String, String)]) {
        let tokens = publisher ? publisherTokens : subscriberTokens
        return ("/ws", [("Authorization", "Bearer \(tokens[index / connectionsPerToken])")])
    }

    /// The token was checked on the upgrade: a publisher that may not read its topic has nothing more to wait for.
    func readyOnUpgrade(publisher: Bool) -> Bool { publisher && !channel.publishersRead }

    func opening(topic: Int, index: Int, publisher: Bool) -> [WebSocketFrame] {
        readyOnUpgrade(publisher: publisher) ? [] : [.text(#"{"op":"subscribe","ref":"s","topic":"\#(self.topic(topic))"}"#)]
    }

    func publish(topic: Int, payload: String, sentNanos: UInt64) -> WebSocketFrame {
        .text(
            #"{"op":"publish","ref":"\#(sentNanos)","topic":"\#(self.topic(topic))","type":"\#(channel.command)","data":\#(channel.data(payload))}"#)
    }

    func makeReader() -> any FrameReader { Reader() }

    final class Reader: FrameReader {
        private static let event = Array(#"{"op":"event""#.utf8)
        private static let ok = Array(#"{"op":"ok","ref":""#.utf8)
        private static let error = Array(#"{"op":"error""#.utf8)

        func read(_ frame: WebSocketFrame, into events: inout [Inbound]) throws {
            guard frame.opcode == .text else { return }
            let data = frame.unmaskedData
            let view = data.readableBytesView
            if view.starts(with: Self.event) {
                events.append(.message(data))
            } else if view.starts(with: Self.ok) {
                let ref = view.dropFirst(Self.ok.count).prefix { $0 != UInt8(ascii: "\"") }
                if ref.elementsEqual("s".utf8) {
                    events.append(.ready)
                } else if let nanos = UInt64(String(decoding: ref, as: UTF8.self)) {
                    events.append(.accepted(sentNanos: nanos))
                }
            } else if view.starts(with: Self.error) {
                events.append(.refused(String(buffer: data)))
            }
        }
    }
}
