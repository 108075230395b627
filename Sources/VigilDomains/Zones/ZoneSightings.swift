import VigilCore
import VigilDetections
import VigilStore

/// What a batch's detections are to the zones on their camera, worked out against one version of
/// those zones: the geometry that costs in proportion to the batch and the zones' vertices. Done
/// on the publisher's task when the zones are known in memory (`ZoneSets`), so that the commit
/// only reads and writes each zone's tracks, counts and news (`watchZones`).
struct ZoneSightings: Sendable {
    struct Sighting: Sendable {
        let zone: String
        let watch: Watch
    }

    enum Watch: Sendable {
        /// The detections (by index in the batch) inside an area, oldest first, and how the zone
        /// tells each.
        case area(dwellMs: Int64?, inside: [(index: Int, text: ZoneDetectionText)])
        /// The tracked detections a line follows, oldest first, and their bottom-centre point.
        case line(TripLine, directions: Set<TripLine.Direction>, tracked: [(index: Int, point: Point)])
    }

    let version: Int64?
    let sightings: [Sighting]

    init(_ batch: DetectionBatch, against set: ZoneSet) {
        version = set.version
        guard !set.zones.isEmpty else {
            sightings = []
            return
        }
        let detections = batch.detections
        // Oldest first; a batch's ties in the order they were sent, which is the order of their ids.
        let order = detections.indices.sorted { (detections[$0].milliseconds, $0) < (detections[$1].milliseconds, $1) }
        sightings = set.zones.map { zone in
            let definition = zone.definition
            let watched = order.filter { definition.labels?.contains(detections[$0].label) ?? true }
            switch definition.shape {
            case .area(let regions, let dwellMs):
                let bounds = regions.shapes.map(\.bounds)
                let inside = watched.compactMap { index in
                    regions.match(detections[index].box, bounds: bounds).map {
                        (index: index, text: ZoneDetectionText(detections[index], camera: batch.camera, intensity: $0))
                    }
                }
                return Sighting(zone: zone.id, watch: .area(dwellMs: dwellMs, inside: inside))
            case .line(let line, let directions):
                let tracked = watched.filter { detections[$0].trackID != nil }.map {
                    (index: $0, point: RoiRegions.point(.bottomCenter, of: detections[$0].box))
                }
                return Sighting(zone: zone.id, watch: .line(line, directions: directions, tracked: tracked))
            }
        }
    }

    /// The sightings the commit writes: `precomputed` while the camera's zones are still at the
    /// version it was worked out against; else worked out now, in the commit, against the zones
    /// as stored, which `sets` then keeps for the next batch. Never from zones the commit does not see.
    static func current(
        _ precomputed: ZoneSightings?, of batch: DetectionBatch, site: String, sets: ZoneSets, in transaction: any DomainTransaction
    ) throws -> ZoneSightings {
        let version = try ZoneTables(transaction).zoneVersion(of: batch.camera, site: site)
        if let precomputed, precomputed.version == version { return precomputed }
        let zones = try ZoneTables(transaction).zones(of: batch.camera, site: site).compactMap { record -> ZoneSet.Zone? in
            guard let value = try? JSONValue(parsing: record.definition), let definition = try? ZoneDefinition(value, from: .stored) else {
                return nil
            }
            return ZoneSet.Zone(id: record.id, definition: definition)
        }
        let set = ZoneSet(version: version, zones: zones)
        sets.keep(set, of: batch.camera, site: site, in: transaction)
        return ZoneSightings(batch, against: set)
    }
}
