import Foundation

/// `vigil bench connections`: opens and holds C subscribers, reports the server's resident memory
/// per connection, then publishes one message per topic and checks every connection got it.
public enum ConnectionsBench {
    public static func run(
        _ target: Target, connections: Int, topics: Int, hold: Double, threads: Int, say: @escaping @Sendable (String) -> Void
    ) async throws -> ConnectionsResult {
        FileLimit.raise()
        let engine = try Engine(target: target, topics: topics, threads: threads, connectConcurrency: 200)
        defer { Task { await engine.shutdown() } }
        let sampler = target.serverPID.map(ProcessSampler.init)
        let before = sampler?.sample()
        say("\(target.kind): opening \(connections) connections")
        let failed = await engine.connectSubscribers(connections) { done in
            if done % 1000 == 0 { say("  \(done) open") }
        }
        say("\(target.kind): \(connections - failed) open, \(failed) failed; holding \(hold) s")
        try await Task.sleep(for: .seconds(hold))
        let after = sampler?.sample()

        let publishers = try await engine.connectPublishers(topics, payloadBytes: 64, body: .text, rate: 0, window: 1, completion: .echo)
        let received = engine.totals().received
        engine.start(publishers)
        try await Task.sleep(for: .milliseconds(200))
        let sent = try await engine.stop(publishers)
        let expected = try await engine.subscribersPerTopic().reduce(0) { $0 + $1.value * Int((sent[$1.key] ?? [:]).values.reduce(0, +)) }
        try await FanoutBench.drain(engine, until: received + expected)
        let delivered = engine.totals().received - received
        await engine.shutdown()

        var result = ConnectionsResult(
            target: target.kind, connections: connections, failed: failed, broadcastDelivered: delivered, broadcastExpected: expected)
        result.serverRSSBeforeBytes = before?.residentBytes
        result.serverRSSAfterBytes = after?.residentBytes
        if let before, let after, connections > failed {
            result.bytesPerConnection = Double(after.residentBytes - before.residentBytes) / Double(connections - failed)
        }
        return result
    }
}
