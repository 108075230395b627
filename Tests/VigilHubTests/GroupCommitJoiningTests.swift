import Dispatch
import Synchronization
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

/// Other sites' light writes that come while a site's batch is being written by a single writer
/// (SQLite's) join the batch's transaction just before its commit, one sync for all, instead of
/// waiting for it and then committing on their own: their effects run before the batch is
/// answered, a refused one leaves the batch and the other writes whole, and a heavy share waits
/// for a round of its own. A store with several writers (PostgreSQL) commits other sites' writes
/// on other writers instead (`GroupCommitFairnessTests`). One test at a time: the held batch's
/// gate is shared.
@Suite(.serialized) struct GroupCommitJoiningTests {
    static let admin = Identity(tokenID: "joining", name: "ada", role: .admin, allSites: true, sites: [])

    @Test(arguments: StoreBackEnd.available.filter { $0 == .sqlite })
    func lightWritesWaitingForABatchJoinItsTransactionAndARefusedOneLeavesItWhole(
        _ backEnd: StoreBackEnd
    ) async throws {
        let engine = try await Engine.start(on: backEnd, domains: [ProbeDomain.self])
        let batch = try await engine.hub.prepare(identity: Self.admin, topic: "probe/hq", type: "hold", data: [:])
        var waiting: [(topic: String, write: Hub.PreparedPublish)] = []
        for (topic, type) in [("probe/depot", "note"), ("probe/depot", "refuse"), ("probe/yard", "note"), ("probe/quay", "heavy")] {
            waiting.append((topic, try await engine.hub.prepare(identity: Self.admin, topic: topic, type: type, data: [:])))
        }
        ProbeDomain.batchAnswered.withLock { $0 = false }
        let (answers, answered) = AsyncStream.makeStream(of: (topic: String, answer: Result<Hub.Accepted, ProtocolError>).self)

        engine.hub.publish(batch) { answer in
            ProbeDomain.batchAnswered.withLock { $0 = true }
            answered.yield(("probe/hq", answer))
        }
        // The batch's transaction is held open until the other sites' writes are queued.
        try await offThePool { ProbeDomain.entered.wait() }
        for (topic, write) in waiting { engine.hub.publish(write) { answered.yield((topic, $0)) } }
        ProbeDomain.gate.signal()

        var results: [(topic: String, answer: Result<Hub.Accepted, ProtocolError>)] = []
        for await answer in answers {
            results.append(answer)
            if results.count == 5 { break }
        }
        let accepted = results.compactMap { try? $0.answer.get() }
        #expect(
            Set(accepted.map(\.topic)) == ["probe/hq", "probe/depot", "probe/yard", "probe/quay"], "all but the refused are acknowledged: \(results)")
        let refusals = results.compactMap { result -> ProtocolError? in
            guard case .failure(let refusal) = result.answer else { return nil }
            return refusal
        }
        #expect(refusals.map(\.code) == [.invalidTransition], "only the refused write is refused, with its code")

        let rows = try await engine.store.read { transaction in
            try transaction.fetchAll(ProbeDomain.Row.self, "SELECT site, kind, batch_answered FROM probe_rows ORDER BY site, kind", [])
        }
        // A heavy share does not join (it would make the batch's commit, and every write waiting
        // for it, later): it has a round of its own after the batch is answered.
        #expect(
            rows.map { "\($0.site) \($0.kind) \($0.batchAnswered)" } == ["depot note 0", "hq hold 0", "quay heavy 1", "yard note 0"],
            "each light write's effect ran in the batch's transaction, before its answer; the refused one left no row")
        #expect(try await engine.store.history(of: "probe/hq", before: nil, limit: 10).map(\.type) == ["probe.hold"])
        #expect(try await engine.store.history(of: "probe/depot", before: nil, limit: 10).map(\.seq) == [1], "the refused write took no seq")
        #expect(try await engine.store.history(of: "probe/yard", before: nil, limit: 10).count == 1)
    }
}

/// `probe/{site}`: `hold` is a heavy write (as many rows as a batch of detections) whose effect
/// holds the writer in its transaction until the test lets it go; `note` (light) and `heavy` record
/// whether that batch had been answered when their effect ran; `refuse` writes a row and refuses.
struct ProbeDomain: Domain {
    static let migrations = [
        StoreMigration(
            "probe-1: rows", sql: "CREATE TABLE probe_rows (site TEXT NOT NULL, kind TEXT NOT NULL, batch_answered BIGINT NOT NULL)")
    ]
    static let entered = DispatchSemaphore(value: 0)
    static let gate = DispatchSemaphore(value: 0)
    static let batchAnswered = Mutex(false)

    init(context: DomainContext) {}

    var services: [any TopicService] { [ProbeService()] }

    struct Row: Decodable {
        var site: String
        var kind: String
        var batchAnswered: Int64
    }

    struct ProbeService: TopicService {
        let kind = "probe"
        let durability = Durability.durable

        func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {}

        func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
            ValidatedEvent(type: "probe.\(type)", payload: [:], effect: Probe(site: topic.scope, kind: type))
        }
    }

    struct Probe: DomainEffect {
        let site: String
        let kind: String

        var rows: Int { kind == "note" || kind == "refuse" ? 1 : 200 }

        func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
            let answered = ProbeDomain.batchAnswered.withLock { $0 }
            try transaction.execute("INSERT INTO probe_rows (site, kind, batch_answered) VALUES (?, ?, ?)", [site, kind, answered ? 1 : 0])
            switch kind {
            case "hold":
                ProbeDomain.entered.signal()
                ProbeDomain.gate.wait()
            case "refuse":
                throw ProtocolError(.invalidTransition, "refused after writing its row")
            default:
                break
            }
            return []
        }
    }
}
