import Foundation

/// `vigil bench store`: durable publishes per second through group commit, each publisher keeping
/// `window` publishes waiting for their `ok`, and the latency of that `ok`.
public enum StoreBench {
    public static func run(
        _ target: Target, publishers: Int, window: Int, payloadBytes: Int, seconds: Double, threads: Int,
        say: @escaping @Sendable (String) -> Void
    ) async throws -> StoreResult {
        guard target.kind == .vigil else { throw BenchError("the store benchmark is for vigil") }
        let engine = try Engine(target: target, topics: publishers, threads: threads, connectConcurrency: 200)
        let sampler = target.serverPID.map(ProcessSampler.init)
        let links = try await engine.connectPublishers(
            publishers, payloadBytes: payloadBytes, body: .text, rate: 0, window: window, completion: .accept)
        say("store: \(publishers) publishers, \(window) in flight each, \(payloadBytes) B, \(seconds) s")
        let cpuStart = sampler?.sample()
        let before = engine.totals()
        let started = ContinuousClock.now
        engine.start(links)
        var last = before
        while ContinuousClock.now - started < .seconds(seconds) {
            try await Task.sleep(for: .seconds(1))
            let now = engine.totals()
            say("  accepted \(now.accepted - last.accepted)/s")
            last = now
        }
        let sent = try await engine.stop(links)
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        let atStop = engine.totals()
        let cpuEnd = sampler?.sample()
        let measured = try await engine.measured(sent: sent)
        await engine.shutdown()
        var result = StoreResult(
            publishers: publishers, window: window, payloadBytes: payloadBytes, seconds: elapsed,
            accepted: atStop.accepted - before.accepted, acceptedPerSecond: Double(atStop.accepted - before.accepted) / elapsed,
            acceptLatency: Percentiles(measured.acceptLatency), refused: atStop.refused)
        if let cpuStart, let cpuEnd { result.serverCPUPercent = ProcessSampler.cpuPercent(from: cpuStart, to: cpuEnd) }
        return result
    }
}
