import Foundation
import Histogram
import NIOCore
import NIOPosix

/// The connections of one benchmark run and what they measured. Subscribers and publishers are
/// spread over the event loops round-robin; connection `i` listens to topic `i % topics`.
final class Engine: Sendable {
    let target: Target
    let connector: Connector
    let dialect: any Dialect
    let states: [LoopState]
    let topics: Int
    private let connectConcurrency: Int

    init(target: Target, topics: Int, threads: Int, connectConcurrency: Int) throws {
        self.target = target
        connector = try Connector(endpoint: target.endpoint, threads: threads)
        dialect = target.makeDialect(runID: "b\(getpid())")
        states = connector.group.makeIterator().map { LoopState(eventLoop: $0) }
        self.topics = topics
        self.connectConcurrency = connectConcurrency
    }

    func shutdown() async {
        try? await connector.group.shutdownGracefully()
    }

    /// Opens `count` subscribers; returns how many failed.
    func connectSubscribers(_ count: Int, progress: @Sendable (Int) -> Void) async -> Int {
        let topics = topics
        return await connect(count, progress: progress) { [self] index in
            let state = states[index % states.count]
            return connector.connect(dialect: dialect, topic: index % topics, index: index, publisher: false, on: state) {
                state.trackers.append((index % topics, SequenceTracker()))
                return .subscriber(tracker: state.trackers.count - 1)
            }.map { _ in () }
        }.failed
    }

    /// Opens publishers (publisher `p` on topic `p % topics`) and returns them, ready to start.
    func connectPublishers(
        _ count: Int, payloadBytes: Int, body: MessageBody, rate: Double, window: Int, completion: Publisher.Completion
    ) async throws -> [NIOLoopBound<Link>] {
        let topics = topics
        let links = await connect(count, progress: { _ in }) { [self] index in
            connector.connect(dialect: dialect, topic: index % topics, index: index, publisher: true, on: states[index % states.count]) {
                .publisher(
                    Publisher(
                        id: index, topic: index % topics, payloadBytes: payloadBytes, body: body, rate: rate, phase: Double(index) / Double(count),
                        window: window, completion: completion))
            }
        }
        guard links.failed == 0 else { throw BenchError("\(links.failed) of \(count) publishers could not connect") }
        return links.values
    }

    /// Starts each publisher on its own loop.
    func start(_ publishers: [NIOLoopBound<Link>]) {
        for state in states { state.measuring.store(true, ordering: .relaxed) }
        for bound in publishers {
            bound.eventLoop.execute {
                if case .publisher(let publisher) = bound.value.role { publisher.start(on: bound.eventLoop) }
            }
        }
    }

    /// Stops the publishers; returns how many each sent, by topic and publisher id.
    func stop(_ publishers: [NIOLoopBound<Link>]) async throws -> [Int: [Int: UInt64]] {
        var sent: [Int: [Int: UInt64]] = [:]
        for bound in publishers {
            let (topic, id, count) = try await bound.eventLoop.submit { () -> (Int, Int, UInt64) in
                guard case .publisher(let publisher) = bound.value.role else { return (0, 0, 0) }
                publisher.stop()
                return (publisher.topic, publisher.id, publisher.sent)
            }.get()
            sent[topic, default: [:]][id] = count
        }
        return sent
    }

    struct Totals {
        var received = 0
        var published = 0
        var accepted = 0
        var refused = 0
        var malformed = 0
        var wireBytesIn = 0
    }

    /// The counters so far (read while the loops run).
    func totals() -> Totals {
        states.reduce(into: Totals()) { totals, state in
            totals.received += state.received.load(ordering: .relaxed)
            totals.published += state.published.load(ordering: .relaxed)
            totals.accepted += state.accepted.load(ordering: .relaxed)
            totals.refused += state.refused.load(ordering: .relaxed)
            totals.malformed += state.malformed.load(ordering: .relaxed)
            totals.wireBytesIn += state.wireBytesIn.load(ordering: .relaxed)
        }
    }

    /// How many subscribers are connected to each topic.
    func subscribersPerTopic() async throws -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for state in states {
            for topic in try await state.eventLoop.submit({ state.trackers.map(\.topic) }).get() {
                counts[topic, default: 0] += 1
            }
        }
        return counts
    }

    struct Measured {
        var latency: Histogram<UInt64>
        var acceptLatency: Histogram<UInt64>
        var lost = 0
        var duplicated = 0
        var outOfOrder = 0
    }

    /// Merges the loops' histograms and checks every subscriber against what was sent.
    func measured(sent: [Int: [Int: UInt64]]) async throws -> Measured {
        var result = Measured(
            latency: Histogram(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three),
            acceptLatency: Histogram(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three))
        for state in states {
            let (latency, accept, trackers) = try await state.eventLoop.submit { (state.latency, state.acceptLatency, state.trackers) }.get()
            result.latency.add(latency)
            result.acceptLatency.add(accept)
            for (topic, tracker) in trackers {
                result.lost += tracker.lost(sent: sent[topic] ?? [:])
                result.duplicated += tracker.duplicates
                result.outOfOrder += tracker.outOfOrder
            }
        }
        return result
    }

    /// Runs `open` for `count` indexes, at most `connectConcurrency` at a time.
    private func connect<T: Sendable>(
        _ count: Int, progress: @Sendable (Int) -> Void, _ open: @escaping @Sendable (Int) -> EventLoopFuture<T>
    ) async -> (values: [T], failed: Int) {
        var values: [T] = []
        var failed = 0
        var next = 0
        while next < count {
            let batch = next..<min(next + connectConcurrency, count)
            for future in batch.map(open) {
                if let value = try? await future.get() { values.append(value) } else { failed += 1 }
            }
            next = batch.upperBound
            progress(next)
        }
        return (values, failed)
    }
}

public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
