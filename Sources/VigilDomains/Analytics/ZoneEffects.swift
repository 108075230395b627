import VigilCore
import VigilHub
import VigilStore

/// Defines (or redefines) a watch zone on a camera of the site's topology.
struct DefineZone: DomainEffect {
    let site: String
    let id: String
    let definition: ZoneDefinition

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try transaction.decodedCameraTopology(of: site)?.camera(definition.camera) != nil else {
            throw ProtocolError(.notFound, "data.camera: site \(site) has no camera \(definition.camera) in its topology")
        }
        let zone = ZoneRecord(
            site: site, id: id, camera: definition.camera, definition: definition.json.canonicalText, definedBy: event.from, definedAt: event.ts)
        try transaction.replaceZone(zone)
        event.payload = JSONValue.object(["zone": zone.json]).canonicalText
        return []
    }
}

struct RemoveZone: DomainEffect {
    let site: String
    let id: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try transaction.zone(id, site: site) != nil else {
            throw ProtocolError(.notFound, "site \(site) has no zone \(id)")
        }
        try transaction.removeZone(id, site: site)
        event.payload = JSONValue.object(["zone": .string(id)]).canonicalText
        return []
    }
}

/// Fired by the hub's timers: tells a zone's subscribers what it saw since the last tick, oldest
/// first: the detections an area holds (`zone.detections`) or the crossings of a line
/// (`zone.crossings`, with the hour's counts).
struct FlushZone: DomainEffect {
    let site: String
    let zone: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let pending = try transaction.takeZonePending(zone: zone, site: site)
        guard let first = pending.first else {
            throw ProtocolError(.invalidTransition, "zone \(zone) has nothing new to tell")
        }
        let items = JSONValue.array(pending.compactMap { try? JSONValue(parsing: $0.body) })
        if first.kind == ZonePending.Kind.crossing.rawValue {
            event.type = "zone.crossings"
            let counts = try transaction.zoneCounts(zone: zone, site: site).filter { $0.hour == event.ts / 3_600_000 * 3_600_000 }
            event.payload = JSONValue.object(["zone": .string(zone), "crossings": items, "counts": .array(counts.map(\.json))]).canonicalText
        } else {
            event.type = "zone.detections"
            event.payload = JSONValue.object(["zone": .string(zone), "detections": items]).canonicalText
        }
        return []
    }
}

/// Fired by the hub's timers: a track stayed in an area longer than its dwell time. Raises one
/// loitering alert with the track's thumbnail on the site's alerts topic, also told on the zone's.
struct RaiseLoitering: DomainEffect {
    let site: String
    let zone: String
    let pending: Int64

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let noted = try transaction.takeZoneLoitering(pending), let body = try? JSONValue(parsing: noted.body) else {
            throw ProtocolError(.invalidTransition, "the loitering was already raised")
        }
        let track = Int(body["track"]?.numberValue ?? 0)
        let stayed = Int64((body["last"]?.numberValue ?? 0) - (body["first"]?.numberValue ?? 0))
        let camera = body["detection"]?["camera"]?.stringValue ?? "?"
        let draft = AlertDraft(
            id: TokenSecret.recordID(prefix: "al_"), site: site, kind: "loitering", severity: AlertService.defaultSeverity(of: "loitering"),
            message: "Track \(track) stayed \(DurationText.text(stayed)) in zone \(zone) (camera \(camera))", location: nil, locationName: nil,
            thumbnails: body["detection"]?["thumbnail"]?.stringValue.map { [$0] } ?? [])
        let alert = try transaction.raiseAlert(draft, by: event.from, at: event.ts)
        var payload = body.objectValue ?? [:]
        payload["alert"] = alert.json
        payload["zone"] = .string(zone)
        event.payload = JSONValue.object(payload).canonicalText
        return [ZoneService.topic(of: zone, site: site)]
    }
}
