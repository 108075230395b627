import VigilAlerts
import VigilCameras
import VigilCore
import VigilHub
import VigilStore

/// Defines (or redefines) a watch zone on a camera of the site's topology, within the site's and
/// the camera's limits.
struct DefineZone: DomainEffect {
    /// Zones a site may have, and one camera.
    static let maxPerSite = 256, maxPerCamera = 32

    let site: String
    let id: String
    let definition: ZoneDefinition
    let sets: ZoneSets

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try transaction.decodedCameraTopology(of: site)?.camera(definition.camera) != nil else {
            throw ProtocolError(.notFound, "data.camera: site \(site) has no camera \(definition.camera) in its topology")
        }
        let others = try ZoneTables(transaction).zoneCount(site: site, camera: definition.camera, besides: id)
        guard others.site < Self.maxPerSite else {
            throw ProtocolError(.limitReached, "site \(site) has \(Self.maxPerSite) zones, its limit; remove one first")
        }
        guard others.camera < Self.maxPerCamera else {
            throw ProtocolError(.limitReached, "camera \(definition.camera) has \(Self.maxPerCamera) zones, its limit; remove one first")
        }
        if let previous = try ZoneTables(transaction).zone(id, site: site), previous.camera != definition.camera {
            try renewVersion(of: previous.camera, defined: nil, alone: false, in: transaction)
        }
        let zone = ZoneRecord(
            site: site, id: id, camera: definition.camera, definition: try JSONValue.canonicalText(of: definition.wire), definedBy: event.from,
            definedAt: event.ts)
        try ZoneTables(transaction).replaceZone(zone)
        try renewVersion(of: definition.camera, defined: definition, alone: others.camera == 0, in: transaction)
        event.payload = try JSONValue.canonicalText(of: ZoneDefined(zone: zone.wire))
        return []
    }

    /// The camera's zones changed: this zone is `defined` on it, or gone from it (nil: moved to another camera).
    private func renewVersion(of camera: String, defined: ZoneDefinition?, alone: Bool, in transaction: any DomainTransaction) throws {
        let (old, new) = try ZoneTables(transaction).renewZoneVersion(of: camera, site: site)
        sets.change(id, to: defined, of: camera, site: site, from: old, to: new, alone: alone, in: transaction)
    }
}

struct RemoveZone: DomainEffect {
    let site: String
    let id: String
    let sets: ZoneSets

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let zone = try ZoneTables(transaction).zone(id, site: site) else {
            throw ProtocolError(.notFound, "site \(site) has no zone \(id)")
        }
        try ZoneTables(transaction).removeZone(id, site: site)
        let (old, new) = try ZoneTables(transaction).renewZoneVersion(of: zone.camera, site: site)
        sets.change(id, to: nil, of: zone.camera, site: site, from: old, to: new, alone: false, in: transaction)
        event.payload = try JSONValue.canonicalText(of: ZoneRemoved(zone: id))
        return []
    }
}

/// Fired by the hub's timers: tells a zone's subscribers what it saw since the last tick, oldest
/// first: the detections an area holds (`zone.detections`) or the crossings of a line
/// (`zone.crossings`, with the hour's counts).
struct FlushZone: DomainEffect {
    let site: String
    let zone: String
    /// What the zone had to tell when the tick looked: the event's length grows with it.
    let items: Int

    var rows: Int { items }

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let pending = try ZoneTables(transaction).takeZonePending(zone: zone, site: site)
        guard let first = pending.first else {
            throw ProtocolError(.invalidTransition, "zone \(zone) has nothing new to tell")
        }
        // The bodies were stored as the canonical JSON of `ZoneDetection`s or `ZoneCrossing`s
        // (`ZoneDetectionText`): spliced as they are, in the keys' order, into `ZoneDetections` or
        // `ZoneCrossings`, rather than parsed and written again by the single writer.
        let items = "[" + pending.map(\.body).joined(separator: ",") + "]"
        let id = JSONValue.string(zone).canonicalText
        if first.kind == ZonePending.Kind.crossing.rawValue {
            event.type = ZoneEventType.crossings.rawValue
            let counts = try ZoneTables(transaction).zoneCounts(zone: zone, site: site).filter { $0.hour == event.ts / 3_600_000 * 3_600_000 }
            event.payload = #"{"counts":\#(try JSONValue.canonicalText(of: counts.compactMap(\.wire))),"crossings":\#(items),"zone":\#(id)}"#
        } else {
            event.type = ZoneEventType.detections.rawValue
            event.payload = #"{"detections":\#(items),"zone":\#(id)}"#
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
        guard let noted = try ZoneTables(transaction).takeZoneLoitering(pending), let stay = try? JSONValue(parsing: noted.body).decode(ZoneStay.self)
        else {
            throw ProtocolError(.invalidTransition, "the loitering was already raised")
        }
        let seen = stay.detection.detection
        let draft = AlertDraft(
            site: site, kind: "loitering",
            message: "Track \(stay.track) stayed \(DurationText.text(stay.last - stay.first)) in zone \(zone) (camera \(seen.camera ?? "?"))",
            thumbnails: seen.thumbnail.map { [$0] } ?? [])
        let alert = try transaction.raiseAlert(draft, by: event.from, at: event.ts)
        event.payload = try JSONValue.canonicalText(
            of: ZoneLoitering(alert: alert, zone: zone, track: stay.track, first: stay.first, last: stay.last, detection: stay.detection))
        return [ZoneService.topic(of: zone, site: site)]
    }
}
