import VigilCore
import VigilStore

extension DomainTransaction {
    /// Runs a camera's newly stored detections through the site's zones on that camera, in the
    /// batch's commit: what an area holds, a lingering track and a crossing of a line are noted for
    /// the next tick to publish, and each crossing is counted in its hour.
    func watchZones(site: String, camera: String, stored: [(id: Int64, detection: Detection)]) throws {
        let zones = try zones(of: camera, site: site)
        guard !zones.isEmpty else { return }
        let ordered = stored.sorted { ($0.detection.milliseconds, $0.id) < ($1.detection.milliseconds, $1.id) }
        for zone in zones {
            guard let value = try? JSONValue(parsing: zone.definition), let definition = try? ZoneDefinition(value) else { continue }
            for (id, detection) in ordered where definition.labels?.contains(detection.label) ?? true {
                switch definition.shape {
                case .area(let regions, let dwellMs):
                    guard let intensity = regions.match(detection.box) else { continue }
                    var seen = detection.json(id: id, camera: camera)
                    seen["intensity"] = .number(intensity)
                    try addZonePending(.detection, body: .object(seen), zone: zone.id, site: site)
                    if let dwellMs, let track = detection.trackID {
                        try watchDwell(of: Int64(track), detection: .object(seen), at: detection.milliseconds, dwellMs: dwellMs, zone: zone, site: site)
                    }
                case .line(let line, let directions):
                    guard let track = detection.trackID else { continue }
                    try watchCrossing(
                        of: Int64(track), id: id, detection: detection, camera: camera, line: line, directions: directions, zone: zone, site: site)
                }
            }
        }
    }

    /// A track inside an area: once it has stayed `dwellMs` (by its detections' times), one
    /// loitering alert is noted. A track unseen in the area for longer than that starts anew.
    private func watchDwell(of track: Int64, detection: JSONValue, at time: Int64, dwellMs: Int64, zone: ZoneRecord, site: String) throws {
        var state = try zoneTrack(track, zone: zone.id, site: site)
        if let previous = state, time - previous.lastTs > dwellMs { state = nil }
        var visit = state ?? ZoneTrack(track: track, firstTs: time, lastTs: time, lastX: 0, lastY: 0, alerted: false)
        visit.firstTs = min(visit.firstTs, time)
        visit.lastTs = max(visit.lastTs, time)
        if !visit.alerted, visit.lastTs - visit.firstTs >= dwellMs {
            visit.alerted = true
            try addZonePending(
                .loitering, body: ["track": .number(Double(track)), "first": .number(Double(visit.firstTs)), "last": .number(Double(visit.lastTs)),
                                   "detection": detection],
                zone: zone.id, site: site)
        }
        try setZoneTrack(visit, zone: zone.id, site: site)
    }

    /// A track's bottom-centre point moving across a line, in a direction the zone counts.
    private func watchCrossing(
        of track: Int64, id: Int64, detection: Detection, camera: String, line: TripLine, directions: Set<TripLine.Direction>,
        zone: ZoneRecord, site: String
    ) throws {
        let point = RoiRegions.point(.bottomCenter, of: detection.box)
        let time = detection.milliseconds
        let previous = try zoneTrack(track, zone: zone.id, site: site)
        if let previous {
            // A detection older than the track's last one says nothing about where it went.
            guard time > previous.lastTs else { return }
            if let direction = line.crossing(from: Point(x: previous.lastX, y: previous.lastY), to: point), directions.contains(direction) {
                try countZoneCrossing(direction, at: time, zone: zone.id, site: site)
                var crossing = detection.json(id: id, camera: camera)
                crossing["direction"] = .string(direction.rawValue)
                try addZonePending(.crossing, body: .object(crossing), zone: zone.id, site: site)
            }
        }
        try setZoneTrack(
            ZoneTrack(track: track, firstTs: previous?.firstTs ?? time, lastTs: time, lastX: point.x, lastY: point.y, alerted: false),
            zone: zone.id, site: site)
    }
}
