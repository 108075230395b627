import Logging
import Synchronization
import VigilCore
import VigilStore

/// Group commit: publishes that arrive while a transaction is being written wait and go together
/// in the next one, so a burst costs a few fsyncs instead of one each. After each commit the
/// events are fanned out in `seq` order, then each publisher gets its answer.
///
/// Writes wait in one queue per scope (a topic's second segment: the site of site-scoped kinds),
/// and each transaction takes from every scope with something waiting, in turn, at most
/// `rowsPerScope` rows of each (a write's rows are its effect's `rows`; a single write over the
/// budget goes alone). One site's backlog so keeps its own writes waiting, never another site's:
/// a transaction stays short and every site gets into the next one. A light share does not share a
/// transaction with a heavy one (`FairQueues`): a lone notice is not made to wait for a batch of
/// detections written with it. A topic has one scope, so its writes keep their order.
///
/// A single writer (SQLite's) lets light writes that came while its transaction was open join it
/// just before its commit (`EventStore.append(_:joining:)`): a notice that finds a batch of
/// detections being written waits for the rest of it, then shares its sync, where it would have
/// waited for all of it and then paid a commit of its own. Each joined write runs its effect in a
/// savepoint of its own, so a refused one leaves the batch and the others whole; a failed commit
/// fails them all, as it fails every write of the transaction.
///
/// A store that commits several transactions at once (`EventStore.concurrentWriters`, PostgreSQL)
/// gets as many writers: each takes its round from the scopes no other writer is committing, so a
/// site's write never waits for another site's transaction, while a scope's writes still go one
/// transaction after the other, in order. SQLite's single writer keeps one.
final class GroupCommit: Sendable {
    typealias Completion = @Sendable (Result<Committed, any Error>) -> Void

    /// What a publisher learns of its committed event; `seq` is nil for one kept out of the log.
    struct Committed: Sendable {
        let topic: String
        let seq: UInt64?
        let type: String
        let ts: Int64
        let payload: String
    }

    private struct Pending {
        let event: NewEvent
        let topic: Topic
        let completion: Completion
        let submitted: ContinuousClock.Instant

        var rows: Int { max(1, event.effect?.rows ?? 1) }
    }

    private struct State {
        var queues = FairQueues<Pending>()
        /// Writers running, at most `maxWriters`.
        var writers = 0
        /// Scopes a writer is committing now: their next writes wait for that writer's round.
        var writing: Set<String> = []
    }

    private let state = Mutex(State())
    private let store: any EventStore
    private let bus: any EventBus
    private let metrics: HubMetrics
    private let maxBatch: Int
    private let rowsPerScope: Int
    private let maxWriters: Int
    /// Whether light writes join a transaction about to commit: only with one writer.
    private let joins: Bool
    private let logger: Logger

    init(
        store: any EventStore, bus: any EventBus, metrics: HubMetrics, maxBatch: Int, rowsPerScope: Int, joinsWaitingWrites: Bool,
        logger: Logger
    ) {
        self.store = store
        self.bus = bus
        self.metrics = metrics
        self.maxBatch = maxBatch
        self.rowsPerScope = rowsPerScope
        maxWriters = max(1, store.concurrentWriters)
        joins = joinsWaitingWrites && maxWriters == 1
        self.logger = logger
    }

    /// Queues an event; `completion` runs after it is committed and fanned out, or failed.
    /// Events of one scope submitted in an order are committed in that order.
    func submit(_ event: NewEvent, topic: Topic, completion: @escaping Completion) {
        let startWriter = state.withLock { state -> Bool in
            state.queues.append(Pending(event: event, topic: topic, completion: completion, submitted: .now), to: topic.scope)
            // A writer committing this scope takes the write in its next round.
            guard state.writers < maxWriters, !state.writing.contains(topic.scope) else { return false }
            state.writers += 1
            return true
        }
        if startWriter {
            // On the shared pool even when a publish on the bulk threads starts it: every site's
            // commits and answers go through this task.
            Task(executorPreference: globalConcurrentExecutor) { await self.writeUntilEmpty() }
        }
    }

    private func writeUntilEmpty() async {
        var committed: Set<String> = []
        while let batch = nextBatch(after: committed) {
            let started = ContinuousClock.now
            recordWaits(of: batch, until: started)
            let joined = Joined()
            let outcomes: Result<[AppendOutcome], StoreError>
            do {
                outcomes = .success(try await store.append(batch.map(\.event), joining: joining(joined, after: batch.count)))
            } catch {
                outcomes = .failure(error)
            }
            let written = batch + joined.writes
            record(written.count, started: started, joinedAt: joined.at)
            switch outcomes {
            case .success(let outcomes):
                publishAndAnswer(written, outcomes)
            case .failure(let error):
                logger.error("commit failed; the batch was not stored", metadata: ["events": "\(written.count)", "error": "\(error)"])
                for pending in written { pending.completion(.failure(error)) }
            }
            committed = Set(written.map(\.topic.scope))
        }
    }

    /// What the store asks for before committing a transaction of `count` writes; nil where writes
    /// do not join.
    private func joining(_ joined: Joined, after count: Int) -> JoiningWrites? {
        guard joins else { return nil }
        return { self.join(joined, after: count) }
    }

    /// Fans out each committed event in `seq` order, then answers each publisher.
    private func publishAndAnswer(_ written: [Pending], _ outcomes: [AppendOutcome]) {
        var published = 0
        for (pending, outcome) in zip(written, outcomes) {
            switch outcome {
            case .stored(let event, let mirrors):
                bus.publish(OutgoingEvent(stored: event, topic: pending.topic, epoch: store.epoch))
                for mirror in mirrors {
                    guard let topic = try? Topic(mirror.topic) else { continue }
                    bus.publish(OutgoingEvent(stored: mirror, topic: topic, epoch: store.epoch))
                }
                published += 1 + mirrors.count
            case .written(let event):
                bus.publish(OutgoingEvent(ephemeral: event, topic: pending.topic))
            case .refused:
                continue
            }
        }
        metrics.eventsPublished.increment(by: published)
        for (pending, outcome) in zip(written, outcomes) {
            switch outcome {
            case .stored(let event, _):
                pending.completion(.success(Committed(topic: event.topic, seq: event.seq, type: event.type, ts: event.ts, payload: event.payload)))
            case .written(let event):
                pending.completion(.success(Committed(topic: event.topic, seq: nil, type: event.type, ts: event.ts, payload: event.payload)))
            case .refused(let refusal):
                pending.completion(.failure(refusal))
            }
        }
    }

    /// The writes that joined a transaction about to commit, and when; set on the store's writer
    /// before the commit, read after it.
    private final class Joined: Sendable {
        private let state = Mutex<(writes: [Pending], at: ContinuousClock.Instant?)>(([], nil))

        var writes: [Pending] { state.withLock { $0.writes } }
        var at: ContinuousClock.Instant? { state.withLock { $0.at } }

        func record(_ writes: [Pending], at instant: ContinuousClock.Instant) { state.withLock { $0 = (writes, instant) } }
    }

    /// The light writes of scopes no writer holds, taken to commit in the transaction of `count`
    /// writes about to commit: they waited for it anyway, and so share its sync instead of paying
    /// one of their own after it. A heavy share waits for a round, which keeps the transaction short.
    private func join(_ joined: Joined, after count: Int) -> [NewEvent] {
        let now = ContinuousClock.now
        let writes = state.withLock { state in
            let writes = state.queues.takeLightShares(limit: maxBatch - count, budget: rowsPerScope, skipping: state.writing, cost: \.rows)
            state.writing.formUnion(writes.map(\.topic.scope))
            return writes
        }
        joined.record(writes, at: now)
        recordWaits(of: writes, until: now)
        return writes.map(\.event)
    }

    private func recordWaits(of writes: [Pending], until instant: ContinuousClock.Instant) {
        let light = FairQueues<Pending>.lightCost(within: rowsPerScope)
        for pending in writes {
            (pending.rows <= light ? metrics.commitWaitLight : metrics.commitWaitHeavy).recordNanoseconds(nanoseconds(instant - pending.submitted))
        }
    }

    /// A transaction's size and its two phases: its effects until the join (or its end, where none
    /// was asked for), then the rest to the commit's return.
    private func record(_ count: Int, started: ContinuousClock.Instant, joinedAt: ContinuousClock.Instant?) {
        let ended = ContinuousClock.now
        metrics.commitBatchSize.record(count)
        metrics.commitWork.recordNanoseconds(nanoseconds((joinedAt ?? ended) - started))
        if let joinedAt { metrics.commitClose.recordNanoseconds(nanoseconds(ended - joinedAt)) }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 { Int64(duration / .nanoseconds(1)) }

    /// The writer's next round, from the scopes no other writer is committing; `committed` are the
    /// scopes of its last round, theirs again. Nil when there is nothing it may take: the writer ends.
    private func nextBatch(after committed: Set<String>) -> [Pending]? {
        state.withLock { state in
            state.writing.subtract(committed)
            let busy = state.writing
            let batch = state.queues.takeRound(limit: maxBatch, budget: rowsPerScope, skipping: busy, cost: \.rows)
            guard !batch.isEmpty else {
                state.writers -= 1
                return nil
            }
            state.writing.formUnion(batch.map(\.topic.scope))
            return batch
        }
    }
}
