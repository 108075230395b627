import Foundation
import Logging
import Metrics
import NIOCore
import Synchronization
import Testing
import VigilCore
import VigilDomains
import VigilHub
import VigilStore
import VigilTestSupport

/// The engine in-process, as the server assembles it but without the server: a real database (a
/// SQLite file in a scratch directory, or a PostgreSQL database of its own), the registered
/// domains, a bus, and a clock that moves only when the test moves it. Seeded as the end-to-end
/// tests' hubs are (`seedSitesAndTokens`).
final class Engine: Sendable {
    let store: TestStore
    let clock: ManualClock
    let hub: Hub
    var database: any StoreDatabase { store.database }
    let secrets: [String: String]

    /// Opens the database and assembles the engine on a thread of its own: SQLite's writes wait for
    /// fsync, and the cooperative threads are shared with every other test of the run.
    /// With `existing`, a copy of that database file is opened (and migrated) instead of a new one.
    static func start(
        on backEnd: StoreBackEnd = .sqlite, domains: [any Domain.Type] = Domains.registered, databaseAt existing: URL? = nil,
        tweak: @escaping @Sendable (inout HubConfiguration) -> Void = { _ in }
    ) async throws -> Engine {
        try await offThePool { try Engine(on: backEnd, domains: domains, databaseAt: existing, tweak: tweak) }
    }

    private init(
        on backEnd: StoreBackEnd, domains: [any Domain.Type], databaseAt existing: URL?, tweak: (inout HubConfiguration) -> Void
    ) throws {
        store = try TestStore.make(backEnd, migrations: domains.migrations, copying: existing)
        clock = ManualClock()
        secrets = existing == nil ? try seedSitesAndTokens(store.database) : [:]
        var configuration = HubConfiguration()
        tweak(&configuration)
        var logger = Logger(label: "vigil.engine-test")
        logger.logLevel = .critical
        hub = try Hub.embedded(
            database: store.database, domains: domains, configuration: configuration, clock: clock,
            metrics: HubMetrics(factory: NOOPMetricsHandler.instance), logger: logger)
    }

    /// A session authenticated with the token of `role` (or a secret given as is), its `welcome` taken.
    func connect(_ role: String, secret: String? = nil) async throws -> Connection {
        let connection = Connection(hub: hub)
        let verdict = await connection.send(ClientMessage(ref: "hello", .hello(token: secret ?? secrets[role]!)))
        guard verdict == .proceed, case .welcome = try await connection.next() else { throw EngineError.notWelcomed(role) }
        return connection
    }

    /// Moves the clock on and runs the timers then due, as the next tick would.
    func advance(by duration: Duration) async {
        clock.advance(by: duration)
        await hub.fireDueTimers()
    }

    /// Changes a site's timings, as `vigil site set` does while the hub runs.
    func setTimings(of site: String, escalateAfterMs: Int64 = 120_000, quietAfterMs: Int64 = 60_000) async throws {
        try await offThePool { [database] in
            try SiteRepository(database: database).setTimings(of: site, SiteTimings(escalateAfterMs: escalateAfterMs, quietAfterMs: quietAfterMs))
        }
    }

    /// Issues a token in the engine's database, as `vigil token create` does.
    func issueToken(role: Role, sites: [String], name: String, expiresAt: Int64?) async throws -> String {
        try await offThePool { [database] in
            try TokenIssuer(tokens: TokenRepository(database: database))
                .issue(role: role, sites: sites, allSites: false, name: name, now: 0, expiresAt: expiresAt).secret
        }
    }
}

enum EngineError: Error {
    case notWelcomed(String)
    case nothingWithin(Duration)
    case refused(ProtocolError)
    case unexpected(ServerMessage)
}

/// One session of the engine: frames in through `Hub.receive`, frames out read from its outbox,
/// as the WebSocket transport does.
final class Connection: Sendable {
    let hub: Hub
    let session: Session
    /// Frames taken from the outbox and not yet read, oldest first.
    private let unread = Mutex<[ServerMessage]>([])
    /// Events that arrived while waiting for an answer, oldest first.
    private let events = Mutex<[Event]>([])

    init(hub: Hub) {
        self.hub = hub
        session = hub.openSession(peer: "in-process", onSlowConsumer: {})
    }

    deinit {
        hub.closeSession(session)
    }

    @discardableResult
    func send(_ message: ClientMessage) async -> Hub.Verdict {
        await hub.receive(message.encoded(), on: session)
    }

    /// The next frame the hub sent this session. Waits in real time, since the engine's work is
    /// asynchronous: `limit` only guards against a hang, it times nothing. It is the hub tests'
    /// hang guard: a parallel run of the whole suite on two cores holds a test up for seconds, and
    /// on PostgreSQL a batch of a thousand detections with their vectors is some four thousand
    /// round trips to the server, which such a run stretched past 30 s once.
    func next(within limit: Duration = .seconds(150)) async throws -> ServerMessage {
        let deadline = ContinuousClock.now + limit
        while true {
            if let message = try takeOne() { return message }
            guard ContinuousClock.now < deadline else { throw EngineError.nothingWithin(limit) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    private func takeOne() throws -> ServerMessage? {
        var taken: [OutboundFrame] = []
        if case .frames = session.outbox.take(into: &taken) {
            let decoded = try taken.map { try ServerMessage.decode(String(buffer: $0.bytes)) }
            unread.withLock { $0 += decoded }
        }
        return unread.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Sends a request and returns the fields of its `ok`; events that come first are kept in `events`.
    func request(_ request: ClientRequest) async throws -> [String: JSONValue] {
        let ref = "r\(UInt64.random(in: 0...UInt64.max))"
        await send(ClientMessage(ref: ref, request))
        while true {
            switch try await next() {
            case .ok(let answered, let fields) where answered == ref: return fields
            case .error(let answered, let error) where answered == ref: throw EngineError.refused(error)
            case .event(let event): events.withLock { $0.append(event) }
            case let other: throw EngineError.unexpected(other)
            }
        }
    }

    /// The next event on this session: one kept while waiting for an answer, or the next to come.
    func nextEvent() async throws -> Event {
        if let kept = events.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return kept }
        switch try await next() {
        case .event(let event): return event
        case let other: throw EngineError.unexpected(other)
        }
    }

    /// The next `count` events.
    func events(_ count: Int) async throws -> [Event] {
        var events: [Event] = []
        for _ in 0..<count { events.append(try await nextEvent()) }
        return events
    }

    func publish(_ topic: String, _ type: String, _ data: JSONValue) async throws -> [String: JSONValue] {
        try await request(.publish(topic: topic, type: type, data: data))
    }
}

/// The code of the refusal `body` gets, nil when it succeeds.
func refusal(_ body: () async throws -> Void) async -> ErrorCode? {
    do {
        try await body()
        return nil
    } catch EngineError.refused(let error) {
        return error.code
    } catch {
        return nil
    }
}
