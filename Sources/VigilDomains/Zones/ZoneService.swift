import VigilCore
import VigilHub
import VigilStore

/// `zones/{site}/{zone}`: a standing ROI. The control room defines it (`define`, `remove`); the
/// hub tells its subscribers every new detection it holds, each crossing of a line, and each
/// loitering alert it raises (also on `alerts/{site}`). The query `zones` on `zones/{site}` lists
/// the site's zones.
struct ZoneService: TopicService {
    let kind = "zones"
    let durability = Durability.durable

    let access: SiteScopedAccess
    let store: any EventStore
    let clock: any HubClock
    let sets: ZoneSets

    init(sites: SiteDirectory, store: any EventStore, clock: any HubClock, sets: ZoneSets) {
        access = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [.admin, .operator], sites: sites)
        self.store = store
        self.clock = clock
        self.sets = sets
    }

    static let shape = "zones/{site}/{zone}"
    static func topic(of zone: String, site: String) -> String { "zones/\(site)/\(zone)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try access.authorizeRead(identity, pattern, shape: Self.shape)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try access.authorizeWrite(identity, topic, shape: Self.shape)
        let zone = topic.segments[2]
        switch type {
        case "define":
            return ValidatedEvent(
                type: ZoneEventType.defined.rawValue, payload: [:],
                effect: DefineZone(site: topic.scope, id: zone, definition: try ZoneDefinition(data), sets: sets), audited: true)
        case "remove":
            return ValidatedEvent(
                type: ZoneEventType.removed.rawValue, payload: [:], effect: RemoveZone(site: topic.scope, id: zone, sets: sets), audited: true)
        default:
            throw ProtocolError(.unknownType, "zones topics take define and remove")
        }
    }

    /// Those who may follow a site's zones may list them.
    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        guard topic.segments.count == 2 else {
            throw ProtocolError(.invalidTopic, "zones are listed on zones/{site}")
        }
        try access.authorizeRead(identity, TopicPattern(topic.rawValue))
        guard type == "zones" else {
            throw ProtocolError(.unknownType, "zones/{site} answers the query zones")
        }
        return try await ZoneListing(data).run(site: topic.scope, at: clock.milliseconds(), in: store).get()
    }

    /// The zone as defined (absent before `define` or after `remove`) and its crossings per hour.
    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        let (site, zone) = (topic.scope, topic.segments[2])
        return try await store.read { transaction in
            let state = ZoneState(
                zone: try ZoneTables(transaction).zone(zone, site: site)?.wire,
                counts: try ZoneTables(transaction).zoneCounts(zone: zone, site: site).compactMap(\.wire))
            return TopicSnapshot(head: try transaction.head(of: topic.rawValue), data: JSONValue.fields(of: state))
        }
    }
}
