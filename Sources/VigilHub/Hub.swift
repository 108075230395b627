import Logging
import Metrics
import NIOCore
import Synchronization
import VigilCore
import VigilStore

/// The engine without HTTP: sessions, authentication, the services, group commit and fan-out.
/// The server feeds it text frames and drains each session's outbox to its socket.
public final class Hub: Sendable {
    public let configuration: HubConfiguration
    public let metrics: HubMetrics
    public let store: any EventStore
    public let authenticator: Authenticator
    let tokens: TokenRepository
    let services: ServiceRegistry
    let sites: SiteDirectory
    public let tables: DomainTables
    public let thumbnails: ThumbnailStore
    let broker: Broker
    let presence: PresenceTracker
    let commits: GroupCommit
    let logger: Logger
    private let connectionsPerToken = Mutex<[String: Int]>([:])
    /// Open sessions by id, for what concerns them all (token revocation, shutdown).
    let openSessions = Mutex<[String: Session]>([:])
    /// Set once shutdown has begun: a connection opened from then on is closed at once.
    let draining = Atomic<Bool>(false)

    public init(
        database: VigilDatabase, configuration: HubConfiguration, metricsFactory: any MetricsFactory, logger: Logger
    ) {
        self.configuration = configuration
        self.logger = logger
        metrics = HubMetrics(factory: metricsFactory)
        let store = EventLog(database: database)
        self.store = store
        tokens = TokenRepository(database: database)
        authenticator = Authenticator(tokens: tokens, logger: logger)
        let tables = DomainTables(database: database)
        self.tables = tables
        let sites = SiteDirectory(tables: tables)
        self.sites = sites
        thumbnails = ThumbnailStore(database: database)
        services = ServiceRegistry([
            NoticeService(sites: sites),
            AlertService(sites: sites, tables: tables),
            CameraService(sites: sites, tables: tables),
            CheckinService(sites: sites, tables: tables, codes: CheckpointCode(key: database.checkpointKey)),
        ])
        broker = Broker(metrics: metrics)
        presence = PresenceTracker(broker: broker)
        commits = GroupCommit(store: store, bus: broker, metrics: metrics, maxBatch: configuration.maxCommitBatch, logger: logger)
    }

    // MARK: Sessions

    /// A new connection; `onSlowConsumer` runs once if its outbox overflows.
    public func openSession(peer: String, onSlowConsumer: @escaping @Sendable () -> Void) -> Session {
        let id = TokenSecret.recordID(prefix: "s_")
        let metrics = metrics
        let outbox = Outbox(maxBytes: configuration.outboxMaxBytes, maxFrames: configuration.outboxMaxFrames) {
            metrics.slowConsumerCloses.increment()
            onSlowConsumer()
        }
        metrics.connections.increment()
        let limiter = RateLimiter(perSecond: configuration.messagesPerSecond, burst: configuration.messagesPerSecond * 2)
        let session = Session(id: id, peer: peer, outbox: outbox, limiter: limiter)
        openSessions.withLock { $0[id] = session }
        if draining.load(ordering: .acquiring) { outbox.close(Self.shutdownClose) }
        return session
    }

    /// Authenticates a session (from `hello` or a bearer token on the upgrade) and returns its `welcome`.
    public func authenticate(_ session: Session, secret: String) async throws(ProtocolError) -> Welcome {
        guard session.identity == nil else {
            throw ProtocolError(.alreadyAuthenticated, "this connection is already authenticated")
        }
        let identity = try await authenticator.authenticate(secret, peer: session.peer)
        let admitted = connectionsPerToken.withLock { counts -> Bool in
            guard counts[identity.tokenID, default: 0] < configuration.maxConnectionsPerToken else { return false }
            counts[identity.tokenID, default: 0] += 1
            return true
        }
        guard admitted else {
            logger.warning("refused a connection over the per-token limit", metadata: ["token": "\(identity.tokenID)", "peer": "\(session.peer)"])
            throw ProtocolError(.tooManyConnections, "this token already holds \(configuration.maxConnectionsPerToken) connections")
        }
        session.state.withLock { $0.identity = identity }
        logger.info("session authenticated", metadata: ["session": "\(session.id)", "token": "\(identity.tokenID)", "role": "\(identity.role.rawValue)"])
        return Welcome(
            session: session.id, user: identity.name, role: identity.role, sites: identity.siteList, epoch: store.epoch,
            server: configuration.serverName, limits: configuration.sessionLimits)
    }

    /// The connection is gone: its subscriptions end and its presence leaves.
    public func closeSession(_ session: Session) {
        let (identity, subscriptions) = session.state.withLock { state -> (Identity?, [Subscription]) in
            guard !state.closed else { return (nil, []) }
            state.closed = true
            let subscriptions = Array(state.subscriptions.values)
            state.subscriptions = [:]
            return (state.identity, subscriptions)
        }
        for subscription in subscriptions { end(subscription) }
        openSessions.withLock { _ = $0.removeValue(forKey: session.id) }
        if let identity {
            connectionsPerToken.withLock { counts in
                counts[identity.tokenID, default: 1] -= 1
                if counts[identity.tokenID] == 0 { counts[identity.tokenID] = nil }
            }
        }
        session.outbox.close(.close(.normal, reason: ""))
        metrics.connections.decrement()
    }

    /// Ends the connections whose token has been revoked, or has expired, since they authenticated
    /// (close 4010). Returns how many were ended.
    @discardableResult
    public func closeRevokedSessions() async -> Int {
        let sessions = openSessions.withLock { Array($0.values) }
        let tokenIDs = Set(sessions.compactMap { $0.identity?.tokenID })
        guard let ended = try? await tokens.ended(among: tokenIDs, at: currentMilliseconds()), !ended.isEmpty else { return 0 }
        var closed = 0
        for session in sessions {
            guard let tokenID = session.identity?.tokenID, let ending = ended[tokenID] else { continue }
            let (message, reason) = ending == .revoked
                ? ("the token has been revoked", "token revoked") : ("the token has expired", "token expired")
            logger.notice("closing a connection whose token ended", metadata: ["session": "\(session.id)", "token": "\(tokenID)", "reason": "\(reason)"])
            session.end(with: ProtocolError(.unauthorized, message), code: .tokenRevoked, reason: reason)
            closed += 1
        }
        return closed
    }

    // MARK: Requests

    /// What the transport must do after a frame.
    public enum Verdict: Sendable, Equatable {
        case proceed
        case close(CloseCode, reason: String)
    }

    /// Handles one text frame. Answers go to the session's outbox.
    public func receive(_ text: String, on session: Session) async -> Verdict {
        let message: ClientMessage
        switch ClientMessage.decode(text) {
        case .success(let decoded):
            message = decoded
        case .failure(let failure):
            refuse(session, ref: failure.ref, failure.error)
            // Before authentication only a well-formed hello is accepted; anything else ends the connection.
            return session.identity == nil ? .close(.unauthorized, reason: "hello required") : .proceed
        }
        guard let identity = session.identity else {
            guard case .hello(let token) = message.request else {
                refuse(session, ref: message.ref, ProtocolError(.helloRequired, "authenticate with hello first"))
                return .close(.unauthorized, reason: "hello required")
            }
            do {
                reply(session, ServerFrame.welcome(try await authenticate(session, secret: token), ref: message.ref))
                return .proceed
            } catch {
                refuse(session, ref: message.ref, error)
                return .close(.afterRefusedAuthentication(error.code), reason: error.code.rawValue)
            }
        }
        guard session.state.withLock({ $0.limiter.allow() }) else {
            refuse(session, ref: message.ref, ProtocolError(.rateLimited, "more than \(configuration.messagesPerSecond) requests per second; slow down"))
            return .proceed
        }
        do {
            try await perform(message, as: identity, on: session)
        } catch {
            refuse(session, ref: message.ref, error)
        }
        return .proceed
    }

    private func perform(_ message: ClientMessage, as identity: Identity, on session: Session) async throws(ProtocolError) {
        let ref = message.ref
        switch message.request {
        case .hello:
            throw ProtocolError(.alreadyAuthenticated, "this connection is already authenticated")
        case .ping:
            reply(session, ServerFrame.ok(ref: ref) { $0.field("ts", currentMilliseconds()) })
        case .subscribe(let topic, let since):
            try await subscribe(session, identity: identity, pattern: try TopicPattern(topic), since: since, ref: ref)
        case .unsubscribe(let topic):
            let pattern = try TopicPattern(topic)
            let subscription = session.state.withLock { $0.subscriptions.removeValue(forKey: pattern.rawValue) }
            guard let subscription else {
                throw ProtocolError(.notSubscribed, "not subscribed to \(pattern.rawValue)")
            }
            end(subscription)
            reply(session, ServerFrame.ok(ref: ref) { $0.field("topic", pattern.rawValue) })
        case .publish(let topic, let type, let data):
            let prepared = try await prepare(identity: identity, topic: topic, type: type, data: data)
            publish(prepared) { [self] result in
                switch result {
                case .success(let accepted):
                    reply(session, ServerFrame.ok(ref: ref) { accepted.write(to: &$0) })
                case .failure(let error):
                    refuse(session, ref: ref, error)
                }
            }
        case .history(let topic, let before, let limit):
            let pattern = try TopicPattern(topic)
            guard let topic = pattern.exactTopic else {
                throw ProtocolError(.exactTopicRequired, "history is read one exact topic at a time")
            }
            try services.authorizeRead(identity, pattern)
            let limit = min(max(limit ?? 100, 1), configuration.historyMaxLimit)
            let events = try await storeCall { try await store.history(of: topic.rawValue, before: before, limit: limit) }
            reply(session, ServerFrame.ok(ref: ref) { writer in
                writer.field("topic", topic.rawValue)
                writer.key("events")
                writer.beginArray()
                for frame in historyPage(events) { writer.raw(frame) }
                writer.endArray()
            })
        }
    }

    // MARK: Replies

    func reply(_ session: Session, _ frame: String) {
        session.outbox.offer(ByteBuffer(string: frame))
    }

    func refuse(_ session: Session, ref: String?, _ error: ProtocolError) {
        metrics.refusedRequests.increment()
        if error.code == .forbidden || error.code == .unauthorized {
            logger.notice("refused", metadata: ["session": "\(session.id)", "peer": "\(session.peer)", "code": "\(error.code)", "reason": "\(error.message)"])
        }
        reply(session, ServerFrame.error(ref: ref, error))
    }

    func storeCall<T>(_ body: () async throws -> T) async throws(ProtocolError) -> T {
        do {
            return try await body()
        } catch {
            logger.error("store read failed", metadata: ["error": "\(error)"])
            throw ProtocolError(.storeUnavailable, "the store could not be read; try again")
        }
    }
}
