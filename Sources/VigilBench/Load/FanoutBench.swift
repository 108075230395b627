import Foundation
import NIOCore

/// `vigil bench fanout`: N subscribers over T topics, P publishers, for a duration; then waits for
/// what is still on its way and checks every subscriber for loss, duplicates and order.
public enum FanoutBench {
    public static func run(_ target: Target, plan: FanoutPlan, say: @escaping @Sendable (String) -> Void) async throws -> FanoutResult {
        FileLimit.raise()
        let engine = try Engine(target: target, topics: plan.topics, threads: plan.threads, connectConcurrency: plan.connectConcurrency)
        do {
            let result = try await run(engine, target: target, plan: plan, say: say)
            await engine.shutdown()
            return result
        } catch {
            await engine.shutdown()
            throw error
        }
    }

    private static func run(_ engine: Engine, target: Target, plan: FanoutPlan, say: @escaping @Sendable (String) -> Void) async throws
        -> FanoutResult
    {
        let sampler = target.serverPID.map(ProcessSampler.init)
        say("\(target.kind): connecting \(plan.subscribers) subscribers over \(plan.topics) topics")
        let failed = await engine.connectSubscribers(plan.subscribers) { done in
            if done % 2000 == 0 { say("  \(done) subscribers") }
        }
        guard failed < plan.subscribers else { throw BenchError("no subscriber could connect to \(target.kind)") }
        let perPublisher = plan.rate / Double(plan.publishers)
        let publishers = try await engine.connectPublishers(
            plan.publishers, payloadBytes: plan.payloadBytes, body: plan.body, rate: perPublisher, window: plan.window,
            completion: target.publishersHearThemselves ? .echo : .accept)
        try await Task.sleep(for: .milliseconds(500))
        say(
            "\(target.kind): \(plan.subscribers - failed) subscribers, \(plan.publishers) publishers, \(plan.rate == 0 ? "flat out" : "\(Int(plan.rate)) msg/s"), \(plan.payloadBytes) B, \(plan.seconds) s"
        )

        let before = engine.totals()
        let cpuStart = sampler?.sample()
        let generator = ProcessSampler(pid: getpid())
        let generatorStart = generator.sample()
        var peakRSS = cpuStart?.residentBytes ?? 0
        let started = ContinuousClock.now
        engine.start(publishers)
        var last = before
        while ContinuousClock.now - started < .seconds(plan.seconds) {
            try await Task.sleep(for: .seconds(1))
            let now = engine.totals()
            if let sample = sampler?.sample() { peakRSS = max(peakRSS, sample.residentBytes) }
            say("  published \(now.published - last.published)/s delivered \(now.received - last.received)/s refused \(now.refused)")
            last = now
        }
        let sent = try await engine.stop(publishers)
        let elapsed = (ContinuousClock.now - started) / .seconds(1)
        let atStop = engine.totals()
        let cpuEnd = sampler?.sample()
        let generatorEnd = generator.sample()
        let expected = try await engine.subscribersPerTopic().reduce(0) { total, entry in
            total + entry.value * Int((sent[entry.key] ?? [:]).values.reduce(0, +))
        }
        try await drain(engine, until: before.received + expected)

        let measured = try await engine.measured(sent: sent)
        let end = engine.totals()
        var result = FanoutResult(target: target.kind, durable: target.isDurable, plan: plan, latency: Percentiles(measured.latency))
        result.published = atStop.published - before.published
        result.publishedPerSecond = Double(result.published) / elapsed
        result.delivered = end.received - before.received
        result.deliveredPerSecond = Double(atStop.received - before.received) / elapsed
        result.wireBytesPerDelivery = Double(end.wireBytesIn - before.wireBytesIn) / Double(max(result.delivered, 1))
        result.acceptLatency = measured.acceptLatency.totalCount > 0 ? Percentiles(measured.acceptLatency) : nil
        result.lost = measured.lost
        result.duplicated = measured.duplicated
        result.outOfOrder = measured.outOfOrder
        result.refused = end.refused
        result.failedConnections = failed
        if let cpuStart, let cpuEnd {
            result.serverCPUPercent = ProcessSampler.cpuPercent(from: cpuStart, to: cpuEnd)
            result.serverRSSBytes = max(peakRSS, cpuEnd.residentBytes)
        }
        if let generatorStart, let generatorEnd {
            result.loadGeneratorCPUPercent = ProcessSampler.cpuPercent(from: generatorStart, to: generatorEnd)
        }
        return result
    }

    /// Waits for the messages still on their way: until `expected` have arrived, or nothing more
    /// has come for three seconds.
    static func drain(_ engine: Engine, until expected: Int) async throws {
        var last = engine.totals().received
        var quiet = 0
        while last < expected, quiet < 30 {
            try await Task.sleep(for: .milliseconds(100))
            let now = engine.totals().received
            quiet = now == last ? quiet + 1 : 0
            last = now
        }
    }
}
