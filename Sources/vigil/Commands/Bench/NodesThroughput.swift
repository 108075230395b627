import Foundation
import Synchronization
import VigilClient
import VigilCore
import VigilStore

/// The throughput half of `vigil bench nodes`: publishing lanes and subscribers spread over the
/// first `nodes` URLs, every publish durable (a notice), every subscriber on the one topic. Told:
/// the publishes acknowledged per second, and the events delivered per second to all subscribers
/// (from the first publish to the last subscriber's last event).
struct NodesThroughput {
    let urls: [String]
    let ca: String
    let topic: String
    let lanes: Int
    let subscribers: Int
    let messages: Int

    struct Figures {
        var publishesPerSecond: Double
        var deliveriesPerSecond: Double
    }

    /// One run over the first `nodes` of `urls`; `tag` tells its notices from another run's. Each
    /// run is given a `token` of its own: the connections of the run before may still be counted
    /// against theirs on the other nodes for a second.
    func run(nodes: Int, tag: String, token: String) async throws -> Figures {
        let used = Array(urls.prefix(nodes))
        func client(_ index: Int) -> VigilClient {
            VigilClient(configuration: ClientConfiguration(url: used[index % used.count], token: token, caFile: ca))
        }
        let readers = (0..<subscribers).map(client)
        var counts: [Task<Void, any Error>] = []
        let prefix = "\(tag) "
        for reader in readers {
            let stream = try await reader.subscribe(topic)
            counts.append(
                Task { [messages] in
                    var seen = 0
                    for try await event in stream where event.data["text"]?.stringValue?.hasPrefix(prefix) == true {
                        seen += 1
                        if seen == messages { return }
                    }
                    throw NodesThroughputError.subscriptionEnded(seen: seen)
                })
        }
        let writers = (0..<lanes).map(client)
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (lane, writer) in writers.enumerated() {
                group.addTask { [messages, lanes, topic] in
                    for index in stride(from: lane, to: messages, by: lanes) {
                        _ = try await writer.publish(topic: topic, type: "notice", data: ["text": .string("\(prefix)\(index)")])
                    }
                }
            }
            try await group.waitForAll()
        }
        let published = ContinuousClock.now - start
        for count in counts { try await count.value }
        let delivered = ContinuousClock.now - start
        for client in readers + writers { await client.close() }
        return Figures(
            publishesPerSecond: Double(messages) / published.seconds, deliveriesPerSecond: Double(messages * subscribers) / delivered.seconds)
    }
}

enum NodesThroughputError: Error {
    /// A subscriber's stream ended before every event came: the run's figures would be wrong.
    case subscriptionEnded(seen: Int)
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
