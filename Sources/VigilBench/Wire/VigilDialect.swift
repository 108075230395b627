import NIOCore
import NIOWebSocket

/// What a vigil benchmark publishes: notices on `notice/{site}`, or chat messages said in each
/// site's control room `chat/{site}/control`. Both are durable: committed before they are fanned out.
public enum VigilChannel: String, Codable, Sendable {
    case notice
    case chat

    func topic(of site: String) -> String {
        switch self {
        case .notice: "notice/\(site)"
        case .chat: "chat/\(site)/control"
        }
    }

    var command: String {
        switch self {
        case .notice: "notice"
        case .chat: "say"
        }
    }
}

/// Vigil's protocol: a bearer token on the upgrade, `subscribe` to the channel's topic (one
/// benchmark site per topic) and `publish` whose text carries the probe.
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

    var readyOnUpgrade: Bool { false }

    func opening(topic: Int, index: Int, publisher: Bool) -> [WebSocketFrame] {
        [.text(#"{"op":"subscribe","ref":"s","topic":"\#(self.topic(topic))"}"#)]
    }

    func publish(topic: Int, payload: String, sentNanos: UInt64) -> WebSocketFrame {
        .text(#"{"op":"publish","ref":"\#(sentNanos)","topic":"\#(self.topic(topic))","type":"\#(channel.command)","data":{"text":"\#(payload)"}}"#)
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
