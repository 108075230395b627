import VigilCore
import VigilHub
import VigilStore

/// `checkins/{site}`: patrol checkpoints and guards' check-ins.
///
/// Commands: `create_checkpoint` (admins and operators; the `ok` alone carries the signed QR code,
/// never an event), `assign_checkpoint` (admins and operators: whose round it is) and `check_in`
/// (guards, with the scanned code). A checkpoint not visited within
/// its interval raises a missed-checkpoint alert (`MissCheckpoint`).
struct CheckinService: TopicService {
    let kind = "checkins"
    let durability = Durability.durable
    /// Shortest and longest patrol interval.
    static let intervals: ClosedRange<Int64> = 1000...(30 * 86_400_000)
    /// The most checkpoints a site keeps: every one is a round a guard must walk, and the
    /// site's `state` lists them all.
    static let maxCheckpointsPerSite = 200

    let access: SiteScopedAccess
    let codes: CheckpointCode
    let queries: CheckinQueries

    init(sites: SiteDirectory, queries: CheckinQueries, codes: CheckpointCode) {
        access = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [.admin, .operator, .guard], sites: sites)
        self.codes = codes
        self.queries = queries
    }

    static func topic(of site: String) -> String { "checkins/\(site)" }

    static func mayCreateCheckpoints(_ identity: Identity) -> Bool {
        identity.role == .admin || identity.role == .operator
    }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try access.authorizeSiteTopicRead(identity, pattern)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try access.authorizeSiteTopicWrite(identity, topic)
        let site = topic.scope
        switch type {
        case "create_checkpoint":
            guard Self.mayCreateCheckpoints(identity) else {
                throw ProtocolError(.forbidden, "a \(identity.role.rawValue) token may not create checkpoints")
            }
            let command = try data.decode(CheckinCommand.CreateCheckpoint.self)
            let name = try CommandBounds.text(command.name, "name", maxLength: 100)
            let every = try CommandBounds.duration(command.every, "every", in: Self.intervals)
            let id = TokenSecret.recordID(prefix: "cp_")
            return ValidatedEvent(
                type: CheckinEventType.checkpointCreated.rawValue, payload: ["checkpoint": .string(id)],
                effect: CreateCheckpoint(site: site, id: id, name: name, everyMs: every),
                reply: JSONValue.fields(of: CheckpointQRCode(checkpoint: id, code: codes.code(site: site, checkpoint: id))), audited: true)
        case "assign_checkpoint":
            guard Self.mayCreateCheckpoints(identity) else {
                throw ProtocolError(.forbidden, "a \(identity.role.rawValue) token may not assign checkpoints")
            }
            // A guard's token name, or null for nobody; left out, it is a mistake, not a removal.
            let command = try data.decode(CheckinCommand.AssignCheckpoint.self)
            let checkpoint = try CommandBounds.identifier(command.checkpoint, "checkpoint")
            let guardName = try CommandBounds.optionalIdentifier(command.assignedGuard, "guard")
            return ValidatedEvent(
                type: CheckinEventType.assigned.rawValue, payload: ["checkpoint": .string(checkpoint)],
                effect: AssignCheckpoint(site: site, checkpoint: checkpoint, guardName: guardName), audited: true)
        case "check_in":
            guard identity.role == .guard || identity.role == .admin else {
                throw ProtocolError(.forbidden, "only guards check in at checkpoints")
            }
            let code = try CommandBounds.text(try data.decode(CheckinCommand.CheckIn.self).code, "code", maxLength: 256)
            guard let named = codes.verify(code) else {
                throw ProtocolError(.invalidCheckpointCode, "the code is not a checkpoint code of this hub (forged or altered)")
            }
            guard named.site == site else {
                throw ProtocolError(.invalidCheckpointCode, "the code is for a checkpoint of another site")
            }
            return ValidatedEvent(
                type: CheckinEventType.recorded.rawValue, payload: ["checkpoint": .string(named.checkpoint)],
                effect: RecordCheckIn(site: site, checkpoint: named.checkpoint))
        default:
            throw ProtocolError(.unknownType, "checkins topics take create_checkpoint, assign_checkpoint and check_in")
        }
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        try await queries.snapshot(of: topic)
    }
}
