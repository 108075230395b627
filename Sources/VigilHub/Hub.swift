import Logging
import NIOCore
import VigilCore
import VigilStore

/// The engine without HTTP: sessions, authentication, dispatch to the domains' services, group
/// commit, replay and fan-out. It is given its domains, its store, its bus and its clock, and
/// names no domain: what a topic kind means is its service's business.
/// The server feeds it text frames and drains each session's outbox to its socket.
public final class Hub: Sendable {
    public let configuration: HubConfiguration
    public let metrics: HubMetrics
    public let clock: any HubClock
    /// The registered domains, whose routes the server mounts.
    public let domains: [any Domain]
    let store: any EventStore
    let authenticator: Authenticator
    let services: ServiceRegistry
    let sites: SiteDirectory
    let thumbnails: ThumbnailStore
    let bus: any EventBus
    let presence: PresenceTracker
    let commits: GroupCommit
    let sessions: SessionRegistry
    let logger: Logger
    /// Where this hub and the others of a shared store tell each other of their connections.
    let roster: (any HubRoster)?
    /// This hub's name among the hubs of a shared store, new each time it starts.
    let rosterName = TokenSecret.recordID(prefix: "h_")

    public init(
        configuration: HubConfiguration, domains: [any Domain], store: any EventStore, bus: any EventBus, sites: SiteDirectory,
        authenticator: Authenticator, thumbnails: ThumbnailStore, clock: any HubClock, metrics: HubMetrics, logger: Logger
    ) {
        self.configuration = configuration
        self.domains = domains
        self.store = store
        self.bus = bus
        self.sites = sites
        self.authenticator = authenticator
        self.thumbnails = thumbnails
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        services = ServiceRegistry(domains.flatMap(\.services))
        presence = PresenceTracker(bus: bus, clock: clock)
        commits = GroupCommit(
            store: store, bus: bus, metrics: metrics, maxBatch: configuration.maxCommitBatch, rowsPerScope: configuration.commitRowsPerSite,
            logger: logger)
        sessions = SessionRegistry(maxPerToken: configuration.maxConnectionsPerToken, logger: logger)
        roster = store.makeRoster()
    }

    /// Names the store: a client that sees it change knows the store was made anew.
    public var epoch: String { store.epoch }

    // MARK: Sessions

    /// A new connection; `onSlowConsumer` runs once if its outbox overflows.
    public func openSession(peer: String, onSlowConsumer: @escaping @Sendable () -> Void) -> Session {
        let metrics = metrics
        let outbox = Outbox(maxBytes: configuration.outboxMaxBytes, maxFrames: configuration.outboxMaxFrames) {
            metrics.slowConsumerCloses.increment()
            onSlowConsumer()
        }
        metrics.connections.increment()
        let limiter = RateLimiter(
            perSecond: configuration.messagesPerSecond, burst: configuration.messagesPerSecond * 2, now: clock.milliseconds())
        let session = Session(id: TokenSecret.recordID(prefix: "s_"), peer: peer, outbox: outbox, limiter: limiter)
        sessions.open(session)
        return session
    }

    /// Who a bearer token belongs to, for the HTTP API: the same checks as a connection's.
    public func identify(secret: String, peer: String) async throws(ProtocolError) -> Identity {
        try await authenticator.authenticate(secret, peer: peer)
    }

    /// Authenticates a session (from `hello` or a bearer token on the upgrade) and returns its `welcome`.
    public func authenticate(_ session: Session, secret: String) async throws(ProtocolError) -> Welcome {
        guard session.identity == nil else {
            throw ProtocolError(.alreadyAuthenticated, "this connection is already authenticated")
        }
        let identity = try await authenticator.authenticate(secret, peer: session.peer)
        guard sessions.admit(tokenID: identity.tokenID) else {
            logger.warning("refused a connection over the per-token limit", metadata: ["token": "\(identity.tokenID)", "peer": "\(session.peer)"])
            throw ProtocolError(.tooManyConnections, "this token already holds \(configuration.maxConnectionsPerToken) connections")
        }
        session.state.withLock { $0.identity = identity }
        logger.info(
            "session authenticated", metadata: ["session": "\(session.id)", "token": "\(identity.tokenID)", "role": "\(identity.role.rawValue)"])
        return Welcome(
            session: session.id, user: identity.name, token: identity.tokenID, role: identity.role, sites: identity.siteList, epoch: store.epoch,
            server: configuration.serverName, limits: configuration.sessionLimits)
    }

    /// The connection is gone: its subscriptions end and its presence leaves.
    public func closeSession(_ session: Session) {
        let (identity, subscriptions, wasOpen) = session.state.withLock { state -> (Identity?, [Subscription], Bool) in
            guard !state.closed else { return (nil, [], false) }
            state.closed = true
            let subscriptions = Array(state.subscriptions.values)
            state.subscriptions = [:]
            return (state.identity, subscriptions, true)
        }
        for subscription in subscriptions { end(subscription) }
        if wasOpen { sessions.close(session, tokenID: identity?.tokenID) }
        session.outbox.close(.close(.normal, reason: ""))
        metrics.connections.decrement()
    }

    /// Ends the connections whose token has been revoked, or has expired, since they authenticated
    /// (close 4010). Returns how many were ended.
    @discardableResult
    public func closeRevokedSessions() async -> Int {
        await sessions.endSessions { [authenticator] tokenIDs in await authenticator.ended(among: tokenIDs) }
    }

    // MARK: Requests

    /// What the transport must do after a frame.
    public enum Verdict: Sendable, Equatable {
        case proceed
        case close(CloseCode, reason: String)
    }

    /// Handles one text frame. Answers go to the session's outbox. A long one (a batch of
    /// detections) is decoded and prepared on the bulk threads, whose work cannot hold the threads
    /// the rest of the hub runs on (`BulkExecutor`).
    public func receive(_ text: String, on session: Session) async -> Verdict {
        guard text.utf8.count >= configuration.bulkMessageBytes else { return await handle(text, on: session) }
        return await withTaskExecutorPreference(BulkExecutor.shared) { await handle(text, on: session) }
    }

    private func handle(_ text: String, on session: Session) async -> Verdict {
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
        let now = clock.milliseconds()
        guard session.state.withLock({ $0.limiter.allow(now: now) }) else {
            refuse(
                session, ref: message.ref, ProtocolError(.rateLimited, "more than \(configuration.messagesPerSecond) requests per second; slow down"))
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
            reply(session, ServerFrame.ok(ref: ref) { $0.field("ts", clock.milliseconds()) })
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
        case .query(let topic, let type, let data):
            let result = try await answer(identity, query: try Topic(topic), type: type, data: data)
            reply(
                session,
                ServerFrame.ok(ref: ref) { writer in
                    writer.key("result")
                    writer.value(result)
                })
        case .history(let topic, let before, let limit):
            let pattern = try TopicPattern(topic)
            guard let topic = pattern.exactTopic else {
                throw ProtocolError(.exactTopicRequired, "history is read one exact topic at a time")
            }
            try services.authorizeRead(identity, pattern)
            let limit = min(max(limit ?? 100, 1), configuration.historyMaxLimit)
            let events = try await storeCall { try await store.history(of: topic.rawValue, before: before, limit: limit) }
            reply(
                session,
                ServerFrame.ok(ref: ref) { writer in
                    writer.field("topic", topic.rawValue)
                    writer.key("events")
                    writer.beginArray()
                    for frame in historyPage(events) { writer.raw(frame) }
                    writer.endArray()
                })
        }
    }

    /// The result of a `query` on `topic`, after the engine's checks and the kind's own.
    func answer(_ identity: Identity, query topic: Topic, type: String, data: JSONValue) async throws(ProtocolError) -> JSONValue {
        try await storeCall { try await services.query(identity, topic: topic, type: type, data: data) }
    }

    /// Refuses unless `identity` may read `topic` (as a subscription to it would be checked).
    public func authorizeRead(_ identity: Identity, topic: String) throws(ProtocolError) {
        try services.authorizeRead(identity, try TopicPattern(topic))
    }

    // MARK: Replies

    func reply(_ session: Session, _ frame: String) {
        session.outbox.offer(ByteBuffer(string: frame))
    }

    func refuse(_ session: Session, ref: String?, _ error: ProtocolError) {
        metrics.refusedRequests.increment()
        if error.code == .forbidden || error.code == .unauthorized {
            logger.notice(
                "refused", metadata: ["session": "\(session.id)", "peer": "\(session.peer)", "code": "\(error.code)", "reason": "\(error.message)"])
        }
        reply(session, ServerFrame.error(ref: ref, error))
    }

    /// Runs a read of the store, turning its failure into what the client is told.
    func storeCall<T>(_ body: () async throws -> T) async throws(ProtocolError) -> T {
        do {
            return try await body()
        } catch let refusal as ProtocolError {
            throw refusal
        } catch {
            logger.error("store read failed", metadata: ["error": "\(error)"])
            throw ProtocolError(StoreError(error))
        }
    }
}
