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
    private let logger: Logger

    init(store: any EventStore, bus: any EventBus, metrics: HubMetrics, maxBatch: Int, rowsPerScope: Int, logger: Logger) {
        self.store = store
        self.bus = bus
        self.metrics = metrics
        self.maxBatch = maxBatch
        self.rowsPerScope = rowsPerScope
        maxWriters = max(1, store.concurrentWriters)
        self.logger = logger
    }

    /// Queues an event; `completion` runs after it is committed and fanned out, or failed.
    /// Events of one scope submitted in an order are committed in that order.
    func submit(_ event: NewEvent, topic: Topic, completion: @escaping Completion) {
        let startWriter = state.withLock { state -> Bool in
            state.queues.append(Pending(event: event, topic: topic, completion: completion), to: topic.scope)
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
            committed = Set(batch.map(\.topic.scope))
            metrics.commitBatchSize.record(batch.count)
            do {
                let outcomes = try await store.append(batch.map(\.event))
                var published = 0
                for (pending, outcome) in zip(batch, outcomes) {
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
                for (pending, outcome) in zip(batch, outcomes) {
                    switch outcome {
                    case .stored(let event, _):
                        pending.completion(
                            .success(Committed(topic: event.topic, seq: event.seq, type: event.type, ts: event.ts, payload: event.payload)))
                    case .written(let event):
                        pending.completion(.success(Committed(topic: event.topic, seq: nil, type: event.type, ts: event.ts, payload: event.payload)))
                    case .refused(let refusal):
                        pending.completion(.failure(refusal))
                    }
                }
            } catch {
                logger.error("commit failed; the batch was not stored", metadata: ["events": "\(batch.count)", "error": "\(error)"])
                for pending in batch { pending.completion(.failure(error)) }
            }
        }
    }

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
