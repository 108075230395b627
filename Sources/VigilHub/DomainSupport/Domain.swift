import VigilCore
import VigilStore

/// One slice of what the hub does (alerts, cameras, check-ins, notices, ...): everything the engine
/// runs for it, declared in one place. The engine names no domain; it is given a list of them and
/// runs each one's hooks: its services for the topic kinds it owns, its migrations when the
/// database opens, its timers every tick and its HTTP routes, which the server mounts.
public protocol Domain: Sendable {
    /// Its tables, applied once each, in order, after the store's own (never edit a shipped one).
    static var migrations: [StoreMigration] { get }

    init(context: DomainContext) throws

    /// The owners of the topic kinds this domain brings.
    var services: [any TopicService] { get }

    /// What is due at `now`, read in one transaction: each firing is committed as an event whose
    /// effect checks again, in the commit, that it is still due. Nothing waits in memory, so after
    /// a restart the timers go on from where the store says they are.
    func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring]

    /// Its HTTP routes, mounted by the server under the hub's authentication and limits.
    var routes: [DomainRoute] { get }
}

extension Domain {
    public static var migrations: [StoreMigration] { [] }
    public func dueTimers(at now: Int64, in transaction: any DomainTransaction) throws -> [TimerFiring] { [] }
    public var routes: [DomainRoute] { [] }
}

/// What the engine gives a domain when it is made.
public struct DomainContext: Sendable {
    /// The store, for a domain's reads (snapshots, listings); its writes go through effects.
    public let store: any EventStore
    public let sites: SiteDirectory
    public let clock: any HubClock
    /// A secret key kept by the store under a name, made the first time (checkpoint codes' signing key).
    public let key: @Sendable (String) throws -> [UInt8]
    /// What an in-memory index may keep of one site (`HubConfiguration.indexBytesPerSite`): an
    /// operator's bound on memory, given to whichever domain keeps such an index (detections'
    /// rows, appearances' vectors); the command line reaches a domain only through the engine.
    public let indexBytesPerSite: Int
    /// `HubConfiguration.allowsLocalEndpoints`: whether addresses clients give may be local ones.
    public let allowsLocalEndpoints: Bool
    /// `HubConfiguration.outgoingTrustRootsFile`: authorities a domain's outgoing TLS also trusts.
    public let outgoingTrustRootsFile: String?
    /// `HubConfiguration.operatorContact`: how a service a domain sends requests to reaches the operator.
    public let operatorContact: String
    /// What this hub's domains share with each other (`DomainLinks`).
    public let links = DomainLinks()

    public init(
        store: any EventStore, sites: SiteDirectory, clock: any HubClock, indexBytesPerSite: Int, allowsLocalEndpoints: Bool = false,
        outgoingTrustRootsFile: String? = nil, operatorContact: String = HubConfiguration.defaultOperatorContact,
        key: @escaping @Sendable (String) throws -> [UInt8]
    ) {
        self.store = store
        self.sites = sites
        self.clock = clock
        self.indexBytesPerSite = indexBytesPerSite
        self.allowsLocalEndpoints = allowsLocalEndpoints
        self.outgoingTrustRootsFile = outgoingTrustRootsFile
        self.operatorContact = operatorContact
        self.key = key
    }
}

/// An event a domain's timer commits: on `topic`, of `type`, decided by `effect` in the commit.
public struct TimerFiring: Sendable {
    public let topic: String
    public let type: String
    public let effect: any DomainEffect

    public init(topic: String, type: String, effect: any DomainEffect) {
        self.topic = topic
        self.type = type
        self.effect = effect
    }
}
