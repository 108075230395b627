import VigilCameras
import VigilCore
import VigilHub
import VigilStore

/// Runs ROI queries: for each camera, its rows in the time window are scanned in the row index
/// (which holds every row from its `heldFrom` on), and for an earlier part of the window the box
/// index lists the rows of the boxes touching the regions; each is checked and its overlap
/// computed exactly. Matches are grouped by track (one result per tracked object: its best frame,
/// its first and last time), ranked and paged, and only the page's results are read whole (their
/// thumbnails) from the store.
struct RoiSearch: Sendable {
    let store: any EventStore
    let rows: DetectionRowIndex

    /// The page of results `query` asks for at `site`, or why it is refused (an unknown camera).
    func run(_ query: RoiQuery, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await answer(query, site: site) { matches, transaction in
            let groups = RoiGroup.of(matches, byTrack: query.groupByTrack)
            // Keys and positions are compared, not the groups: a query may match tens of thousands.
            var rest = groups.indices.map { (key: groups[$0].key(query.order), index: $0) }
            if let cursor = query.cursor { rest.removeAll { !(cursor < $0.key) } }
            let page = Self.first(query.limit, of: rest)
            let results = page.map { position in
                let group = groups[position.index]
                return DetectionResult(id: group.best.id, value: group.best.intensity, first: group.first, last: group.last, count: group.count)
            }
            // A row pruned since the snapshot of the row index was taken is left out.
            let hits = try transaction.detectionHits(results, measure: \.intensity)
            let next = rest.count > page.count ? page.last.map { $0.key.text(query.order) } : nil
            return try JSONValue(encoding: RoiPage(results: hits, total: groups.count, next: next))
        }
    }

    /// The timeline's buckets over the detections its query selects.
    func run(_ timeline: Timeline, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await answer(timeline.query, site: site) { matches, _ in try JSONValue(encoding: timeline.buckets(of: matches)) }
    }

    /// What `shape` makes of the query's matches, read in one transaction.
    private func answer(
        _ query: RoiQuery, site: String, _ shape: @escaping @Sendable ([RoiMatch], any DomainTransaction) throws -> JSONValue
    ) async throws -> Swift.Result<JSONValue, ProtocolError> {
        let rows = try await rows.snapshot(of: site)
        return try await store.read { transaction in
            switch try Self.matches(of: query, site: site, rows: rows, in: transaction) {
            case .success(let matches): .success(try shape(matches, transaction))
            case .failure(let error): .failure(error)
            }
        }
    }

    /// The `count` least of `keys`, in order: selected, not everything sorted (a page of 50 out of
    /// tens of thousands of matches).
    static func first(_ count: Int, of keys: [(key: RoiCursor, index: Int)]) -> [(key: RoiCursor, index: Int)] {
        var kept: [(key: RoiCursor, index: Int)] = []
        kept.reserveCapacity(count + 1)
        for item in keys where kept.count < count || item.key < kept[kept.count - 1].key {
            var (low, high) = (0, kept.count)
            while low < high {
                let middle = (low + high) / 2
                if kept[middle].key < item.key { low = middle + 1 } else { high = middle }
            }
            kept.insert(item, at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }

    /// Every detection of the query's cameras in its window that its regions hold, exactly.
    static func matches(
        of query: RoiQuery, site: String, rows: DetectionRowSnapshot, in transaction: any DomainTransaction
    ) throws -> Swift.Result<[RoiMatch], ProtocolError> {
        guard let topology = try transaction.decodedCameraTopology(of: site) else {
            return .failure(ProtocolError(.notFound, "site \(site) has no camera topology"))
        }
        var matches: [RoiMatch] = []
        let labels = rows.labels.map { query.labels?.contains($0) ?? true }
        for (place, id) in query.cameras.enumerated() {
            guard let camera = topology.camera(id) else {
                return .failure(ProtocolError(.notFound, "data.cameras: site \(site) has no camera \(id)"))
            }
            guard let key = try transaction.existingDetectionCameraKey(site: site, camera: id) else { continue }
            let regions = query.regions.map { regions in query.view.map { regions.scaled(FrameScaling(from: $0, to: camera.frameSize)) } ?? regions }
            guard let area = regions.map(\.narrowing) ?? camera.frameSize.rect else { continue }
            let window = DetectionWindow(cameraKey: key, from: query.from, to: query.to, area: area, anchor: regions?.anchor)
            func add(id: Int64, ts: Int64, box: Rect, track: Int64) {
                // Without regions the whole frame counts, the box wholly inside it.
                guard let intensity = regions.map({ $0.match(box) }) ?? 1 else { return }
                matches.append(RoiMatch(id: id, camera: place, ts: ts, track: track, intensity: intensity))
            }
            // From `heldFrom` on, the row index holds every row: the camera's are scanned there.
            let held = max(query.from, rows.heldFrom)
            if held < query.to {
                rows.forEachSlot(camera: key, from: held, to: query.to) { chunk, slot in
                    let ts = chunk.times[slot]
                    let numbers = chunk.boxes + 4 * slot
                    let box = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                    guard chunk.scores[slot] >= query.minScore, labels[Int(chunk.labels[slot])], window.admits(box) else { return }
                    add(id: chunk.ids[slot], ts: ts, box: box, track: chunk.tracks[slot])
                }
            }
            // Before it (rows older than the index's memory holds, or past its cut-off and not yet
            // pruned), the box index lists the candidates' rows.
            guard query.from < held else { continue }
            var early = window
            early.to = min(query.to, held)
            try DetectionTables(transaction).forEachDetectionRow(in: early) { row in
                guard row.cameraKey == key, (query.from..<early.to).contains(row.ts), row.score >= query.minScore,
                    query.labels?.contains(row.label) ?? true
                else { return }
                add(id: row.id, ts: row.ts, box: row.box, track: row.track ?? -1)
            }
        }
        return .success(matches)
    }
}
