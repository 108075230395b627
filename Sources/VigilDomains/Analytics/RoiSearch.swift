import VigilCore
import VigilHub
import VigilStore

/// Runs ROI queries: for each camera the box index narrows the candidates to ids of boxes touching
/// the regions in the time window, then each candidate's row (from the row index, or the store for
/// the few it does not hold) is checked and its overlap computed exactly; matches are grouped by
/// track (one result per tracked object: its best frame, its first and last time), ranked and
/// paged, and only the page's results are read whole (their thumbnails) from the store.
struct RoiSearch: Sendable {
    let store: any EventStore
    let rows: DetectionRowIndex

    /// One result: a detection (the group's best frame) with what the query found about it.
    struct Result: Sendable {
        var best: DetectionRecord
        /// How well it matches, higher first: the intensity of an ROI query, the similarity of an image query.
        var intensity: Double
        var first: Int64
        var last: Int64
        var count: Int

        func key(_ order: RoiQuery.Order) -> RoiCursor {
            switch order {
            case .intensity: RoiCursor(primary: -intensity, secondary: best.ts, tertiary: best.id)
            case .time: RoiCursor(primary: Double(first), secondary: best.ts, tertiary: best.id)
            }
        }

        var json: JSONValue { json(measure: "intensity") }

        /// The result, its value named as the query measures it (`intensity`, `similarity`).
        func json(measure: String) -> JSONValue {
            var fields = best.fields
            fields[measure] = .number(intensity)
            fields["first"] = .number(Double(first))
            fields["last"] = .number(Double(last))
            fields["count"] = .number(Double(count))
            return .object(fields)
        }
    }

    /// The page of results `query` asks for at `site`, or why it is refused (an unknown camera).
    func run(_ query: RoiQuery, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await answer(query, site: site) { matches, transaction in
            let results = Self.grouped(matches, byTrack: query.groupByTrack)
            // Keys and positions are compared, not the results: a query may match tens of thousands.
            var rest = results.indices.map { (key: results[$0].key(query.order), index: $0) }
            if let cursor = query.cursor { rest.removeAll { !(cursor < $0.key) } }
            let page = Self.first(query.limit, of: rest)
            let records = Dictionary(try transaction.detections(page.map { results[$0.index].best.id }).map { ($0.id, $0) }) { first, _ in first }
            let shown = page.map { position in
                var result = results[position.index]
                result.best = records[result.best.id] ?? result.best
                return result.json
            }
            var answer: [String: JSONValue] = ["results": .array(shown), "total": .number(Double(results.count))]
            if rest.count > page.count, let last = page.last {
                answer["next"] = .string(last.key.text(query.order))
            }
            return .object(answer)
        }
    }

    /// The timeline's buckets over the detections its query selects.
    func run(_ timeline: Timeline, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await answer(timeline.query, site: site) { matches, _ in timeline.buckets(of: matches) }
    }

    /// What `shape` makes of the query's matches, read in one transaction.
    private func answer(
        _ query: RoiQuery, site: String, _ shape: @escaping @Sendable ([Result], any DomainTransaction) throws -> JSONValue
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

    /// Every detection of the query's cameras in its window that its regions hold, exactly; their
    /// records without thumbnails.
    static func matches(
        of query: RoiQuery, site: String, rows: DetectionRowSnapshot, in transaction: any DomainTransaction
    ) throws -> Swift.Result<[Result], ProtocolError> {
        guard let topology = try transaction.decodedCameraTopology(of: site) else {
            return .failure(ProtocolError(.notFound, "site \(site) has no camera topology"))
        }
        var matches: [Result] = []
        let labels = rows.labels.map { query.labels?.contains($0) ?? true }
        // What a candidate's row must say, wherever it was read: the window's time and the least score.
        func inWindow(_ ts: Int64, score: Double) -> Bool { ts >= query.from && ts < query.to && score >= query.minScore }
        for id in query.cameras {
            guard let camera = topology.camera(id) else {
                return .failure(ProtocolError(.notFound, "data.cameras: site \(site) has no camera \(id)"))
            }
            guard let key = try transaction.existingDetectionCameraKey(site: site, camera: id) else { continue }
            let regions = query.regions.map { regions in query.view.map { regions.scaled(FrameScaling(from: $0, to: camera.frameSize)) } ?? regions }
            guard let area = regions.map(\.narrowing) ?? camera.frameSize.rect else { continue }
            let window = DetectionWindow(cameraKey: key, from: query.from, to: query.to, area: area, anchor: regions?.anchor)
            var unknown: [Int64] = []
            func add(_ box: Rect, _ record: () -> DetectionRecord) {
                // Without regions the whole frame counts, the box wholly inside it.
                guard let intensity = regions.map({ $0.match(box) }) ?? 1 else { return }
                let record = record()
                matches.append(Result(best: record, intensity: intensity, first: record.ts, last: record.ts, count: 1))
            }
            for candidate in try transaction.detectionBoxIDs(in: window) {
                guard let (chunk, slot) = rows.slot(of: candidate) else {
                    unknown.append(candidate)
                    continue
                }
                let ts = chunk.times[slot]
                guard chunk.cameraKeys[slot] == key, inWindow(ts, score: chunk.scores[slot]), labels[Int(chunk.labels[slot])] else { continue }
                let numbers = chunk.boxes + 4 * slot
                let box = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                add(box) {
                    DetectionRecord(
                        id: candidate, camera: id, ts: ts, x: box.x, y: box.y, width: box.width, height: box.height,
                        label: rows.labels[Int(chunk.labels[slot])], score: chunk.scores[slot], track: chunk.tracks[slot] < 0 ? nil : chunk.tracks[slot])
                }
            }
            // Stored since the snapshot, or forgotten by the index and not yet pruned: from the store.
            for record in try transaction.detections(unknown) {
                guard record.camera == id, inWindow(record.ts, score: record.score), query.labels?.contains(record.label) ?? true else { continue }
                add(record.box) { record }
            }
        }
        return .success(matches)
    }

    /// One result per tracked object of a camera (its best frame: highest intensity, then earliest),
    /// and one per detection without a track.
    static func grouped(_ matches: [Result], byTrack: Bool) -> [Result] {
        guard byTrack else { return matches }
        struct TrackKey: Hashable {
            let camera: String
            let track: Int64
        }
        var groups: [TrackKey: Result] = [:]
        var untracked: [Result] = []
        for match in matches {
            guard let track = match.best.track else {
                untracked.append(match)
                continue
            }
            let key = TrackKey(camera: match.best.camera, track: track)
            guard var group = groups[key] else {
                groups[key] = match
                continue
            }
            if match.key(.intensity) < group.key(.intensity) {
                group.best = match.best
                group.intensity = match.intensity
            }
            group.first = min(group.first, match.first)
            group.last = max(group.last, match.last)
            group.count += 1
            groups[key] = group
        }
        return Array(groups.values) + untracked
    }
}

