import VigilCore
import VigilStore

extension ZoneTables {
    /// Writes what the zones on a camera saw of its newly stored detections (`ids`, by index in the
    /// batch; nil for one not stored), in the batch's commit: what an area holds, a lingering track
    /// and a crossing of a line are noted for the next tick to publish, and each crossing is
    /// counted in its hour. The geometry was done before (`ZoneSightings`); what is decided here
    /// is what depends on the tracks as stored, read for the whole batch at once and written back
    /// once each; the notes and counts are written together at the end (a few statements for the
    /// batch on PostgreSQL, where each is a round trip).
    func watchZones(_ zones: ZoneSightings, batch: DetectionBatch, ids: [Int64?], site: String) throws {
        var notes = ZoneNotes(site: site)
        for sighting in zones.sightings {
            switch sighting.watch {
            case .area(let dwellMs, let inside):
                var tracks = try ZoneTrackStates(
                    dwellMs == nil ? [] : inside.compactMap { batch.detections[$0.index].trackID }, zone: sighting.zone, site: site, in: transaction)
                var seen: [String] = []
                for (index, text) in inside {
                    guard let id = ids[index] else { continue }
                    let detection = batch.detections[index]
                    seen.append(text.text(id: id))
                    if let dwellMs, let track = detection.trackID {
                        try watchDwell(
                            of: Int64(track), detection: seen[seen.count - 1], at: detection.milliseconds, dwellMs: dwellMs, in: &tracks,
                            notes: &notes)
                    }
                }
                // One row for the batch, not one per detection: the zone tells them in one list.
                if !seen.isEmpty { notes.add(.detection, body: seen.joined(separator: ","), items: seen.count, zone: sighting.zone) }
                try tracks.write(in: transaction)
            case .line(let line, let directions, let tracked):
                var tracks = try ZoneTrackStates(
                    tracked.compactMap { batch.detections[$0.index].trackID }, zone: sighting.zone, site: site, in: transaction)
                for (index, point) in tracked {
                    guard let id = ids[index], let track = batch.detections[index].trackID else { continue }
                    try watchCrossing(
                        of: Int64(track), at: point, id: id, detection: batch.detections[index], camera: batch.camera, line: line,
                        directions: directions, in: &tracks, notes: &notes)
                }
                try tracks.write(in: transaction)
            }
        }
        try notes.write(in: transaction)
    }

    /// A track inside an area: once it has stayed `dwellMs` (by its detections' times), one
    /// loitering alert is noted. A track unseen in the area for longer than that starts anew.
    /// `detection` is the detection's canonical JSON text.
    private func watchDwell(
        of track: Int64, detection: String, at time: Int64, dwellMs: Int64, in tracks: inout ZoneTrackStates, notes: inout ZoneNotes
    ) throws {
        var state = tracks.states[track]
        if let previous = state, time - previous.lastTs > dwellMs { state = nil }
        var visit = state ?? ZoneTrack(track: track, firstTs: time, lastTs: time, lastX: 0, lastY: 0, alerted: false)
        visit.firstTs = min(visit.firstTs, time)
        visit.lastTs = max(visit.lastTs, time)
        if !visit.alerted, visit.lastTs - visit.firstTs >= dwellMs {
            visit.alerted = true
            let stay = ZoneStay(
                detection: try JSONValue(parsing: detection).decode(ZoneDetection.self), first: visit.firstTs, last: visit.lastTs, track: track)
            notes.add(.loitering, body: try JSONValue.canonicalText(of: stay), zone: tracks.zone)
        }
        tracks.set(visit)
    }

    /// A track's bottom-centre point (`point`) moving across a line, in a direction the zone counts.
    private func watchCrossing(
        of track: Int64, at point: Point, id: Int64, detection: Detection, camera: String, line: TripLine, directions: Set<TripLine.Direction>,
        in tracks: inout ZoneTrackStates, notes: inout ZoneNotes
    ) throws {
        let time = detection.milliseconds
        let previous = tracks.states[track]
        if let previous {
            // A detection older than the track's last one says nothing about where it went.
            guard time > previous.lastTs else { return }
            if let direction = line.crossing(from: Point(x: previous.lastX, y: previous.lastY), to: point), directions.contains(direction) {
                notes.count(direction, at: time, zone: tracks.zone)
                notes.add(.crossing, body: ZoneDetectionText.crossing(detection, camera: camera, direction: direction, id: id), zone: tracks.zone)
            }
        }
        tracks.set(ZoneTrack(track: track, firstTs: previous?.firstTs ?? time, lastTs: time, lastX: point.x, lastY: point.y, alerted: false))
    }
}

/// One zone's states of a batch's tracks: read before the batch is watched, changed as it is, and
/// the changed ones written back after.
struct ZoneTrackStates {
    let zone: String
    let site: String
    private(set) var states: [Int64: ZoneTrack]
    private var changed: Set<Int64> = []

    init(_ tracks: [Int], zone: String, site: String, in transaction: any DomainTransaction) throws {
        self.zone = zone
        self.site = site
        states = tracks.isEmpty ? [:] : try ZoneTables(transaction).zoneTracks(Set(tracks.map(Int64.init)), zone: zone, site: site)
    }

    mutating func set(_ state: ZoneTrack) {
        states[state.track] = state
        changed.insert(state.track)
    }

    func write(in transaction: any DomainTransaction) throws {
        try ZoneTables(transaction).setZoneTracks(changed.compactMap { states[$0] }, zone: zone, site: site)
    }
}

/// What a batch's zones have to tell (in the order seen) and the crossings they counted, kept
/// while the batch is watched and written at its end.
struct ZoneNotes {
    let site: String
    private var pending: [(kind: ZonePending.Kind, body: String, items: Int, zone: String)] = []
    private var crossings: [ZoneCrossingCount.Key: Int64] = [:]

    init(site: String) {
        self.site = site
    }

    mutating func add(_ kind: ZonePending.Kind, body: String, items: Int = 1, zone: String) {
        pending.append((kind, body, items, zone))
    }

    mutating func count(_ direction: TripLine.Direction, at time: Int64, zone: String) {
        crossings[ZoneCrossingCount.Key(zone: zone, hour: time / 3_600_000 * 3_600_000, direction: direction), default: 0] += 1
    }

    func write(in transaction: any DomainTransaction) throws {
        try ZoneTables(transaction).addZonePending(pending.map { [site, $0.zone, $0.kind.rawValue, $0.body, $0.items] })
        try ZoneTables(transaction).countZoneCrossings(crossings.map { ZoneCrossingCount(key: $0.key, count: $0.value) }, site: site)
    }
}
