import Dispatch
import Synchronization
import Testing
import VigilCore
import VigilHub
import VigilStore
import VigilTestSupport

/// The group commit takes from every site with writes waiting, a bounded share of each, so one
/// site's backlog never queues another site's write behind it, and a lone write is not written
/// beside a heavy share. A store that commits several transactions at once commits another site's
/// write while a site's transaction is still open. One test at a time: the held writer's gate is
/// shared.
@Suite(.serialized) struct GroupCommitFairnessTests {
    static let admin = Identity(tokenID: "fairness", name: "ada", role: .admin, allSites: true, sites: [])

    @Test(arguments: StoreBackEnd.available) func aSitesLoneWriteCommitsBeforeAnotherSitesBacklog(_ backEnd: StoreBackEnd) async throws {
        let share = 10
        let engine = try await Engine.start(on: backEnd, domains: [TallyDomain.self, HeldDomain.self], tweak: { $0.commitRowsPerSite = share })
        let backlog = 2_000
        var writes: [Hub.PreparedPublish] = []
        for _ in 0..<backlog { writes.append(try await engine.hub.prepare(identity: Self.admin, topic: "tally/hq", type: "add", data: ["by": 1])) }
        let lone = try await engine.hub.prepare(identity: Self.admin, topic: "tally/depot", type: "add", data: ["by": 1])

        // The writer is held in a transaction of its own until everything is queued, so what
        // follows does not depend on how fast it runs.
        let held = try await engine.hub.prepare(identity: Self.admin, topic: "held/hq", type: "hold", data: [:])
        let (answers, answered) = AsyncStream.makeStream(of: Result<Hub.Accepted, ProtocolError>.self)
        engine.hub.publish(held) { _ in }
        try await offThePool { HeldDomain.entered.wait() }
        for write in writes { engine.hub.publish(write) { answered.yield($0) } }
        engine.hub.publish(lone) { answered.yield($0) }
        HeldDomain.gate.signal()

        var order: [Hub.Accepted] = []
        for await answer in answers {
            order.append(try answer.get())
            if order.count == backlog + 1 { break }
        }
        let hqBeforeDepot = try #require(order.firstIndex { $0.topic == "tally/depot" })
        #expect(hqBeforeDepot == 0, "depot's lone write went into a transaction before hq's next share, not \(hqBeforeDepot) writes after")
        let hq = order.filter { $0.topic == "tally/hq" }
        #expect(hq.map(\.seq) == (1...UInt64(backlog)).map { $0 }, "hq's writes commit in the order they were sent, every one")
        let count = try await engine.connect("operator").request(.query(topic: "tally/hq", type: "count", data: [:]))["result"]
        #expect(count == ["count": .number(Double(backlog))])
    }

    /// Only where the store writes several transactions at once (PostgreSQL); SQLite has one writer.
    @Test(arguments: StoreBackEnd.available.filter { $0 != .sqlite })
    func anotherSitesWriteCommitsWhileASitesTransactionIsOpen(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd, domains: [TallyDomain.self, HeldDomain.self])
        let held = try await engine.hub.prepare(identity: Self.admin, topic: "held/hq", type: "hold", data: [:])
        let sameSite = try await engine.hub.prepare(identity: Self.admin, topic: "tally/hq", type: "add", data: ["by": 1])
        let otherSite = try await engine.hub.prepare(identity: Self.admin, topic: "tally/depot", type: "add", data: ["by": 1])
        let (answers, answered) = AsyncStream.makeStream(of: (topic: String, whileHeld: Bool).self)
        let gate = Gate()

        engine.hub.publish(held) { _ in answered.yield(("held/hq", gate.isClosed)) }
        try await offThePool { HeldDomain.entered.wait() }
        engine.hub.publish(sameSite) { _ in answered.yield(("tally/hq", gate.isClosed)) }
        engine.hub.publish(otherSite) { _ in answered.yield(("tally/depot", gate.isClosed)) }
        // Opened at depot's answer, or after 30 s if it never comes while hq's transaction is open.
        let opener = Task {
            try? await Task.sleep(for: .seconds(30))
            gate.open()
        }

        var order: [(topic: String, whileHeld: Bool)] = []
        for await answer in answers {
            order.append(answer)
            if answer.topic == "tally/depot" { gate.open() }
            if order.count == 3 { break }
        }
        opener.cancel()
        #expect(order.first?.topic == "tally/depot" && order.first?.whileHeld == true, "depot committed while hq's transaction was open: \(order)")
        #expect(order.dropFirst().map(\.topic) == ["held/hq", "tally/hq"], "hq's writes commit in their order, after its open transaction")
        #expect(order.dropFirst().allSatisfy { !$0.whileHeld })
    }
}

/// Opened once, by whichever comes first; the held writer is let go when it opens.
private final class Gate: Sendable {
    private let closed = Mutex(true)

    var isClosed: Bool { closed.withLock { $0 } }

    func open() {
        let wasClosed = closed.withLock { closed in
            defer { closed = false }
            return closed
        }
        if wasClosed { HeldDomain.gate.signal() }
    }
}

/// `held/{site}`: an event whose effect holds the writer inside its transaction until the test
/// lets it go.
struct HeldDomain: Domain {
    static let entered = DispatchSemaphore(value: 0)
    static let gate = DispatchSemaphore(value: 0)

    init(context: DomainContext) {}

    var services: [any TopicService] { [HeldService()] }

    struct HeldService: TopicService {
        let kind = "held"
        let durability = Durability.durable

        func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {}

        func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
            ValidatedEvent(type: type, payload: [:], effect: Hold())
        }
    }

    struct Hold: DomainEffect {
        func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
            HeldDomain.entered.signal()
            HeldDomain.gate.wait()
            return []
        }
    }
}
