import VigilCore
import VigilHub
import VigilStore

/// Runs ROI queries: for each camera the box index narrows the candidates to boxes touching the
/// regions in the time window, then each candidate's overlap is computed exactly; matches are
/// grouped by track (one result per tracked object: its best frame, its first and last time),
/// ranked and paged.
struct RoiSearch: Sendable {
    let store: any EventStore

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
        try await answer(query, site: site) { matches in
            let results = Self.grouped(matches, byTrack: query.groupByTrack)
            // Keys and positions are sorted, not the results: a query may match tens of thousands.
            var rest = results.indices.map { (key: results[$0].key(query.order), index: $0) }
            if let cursor = query.cursor { rest.removeAll { !(cursor < $0.key) } }
            rest.sort { $0.key < $1.key }
            let page = rest.prefix(query.limit)
            var answer: [String: JSONValue] = ["results": .array(page.map { results[$0.index].json }), "total": .number(Double(results.count))]
            if rest.count > page.count, let last = page.last {
                answer["next"] = .string(last.key.text(query.order))
            }
            return .object(answer)
        }
    }

    /// The timeline's buckets over the detections its query selects.
    func run(_ timeline: Timeline, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await answer(timeline.query, site: site, timeline.buckets)
    }

    /// What `shape` makes of the query's matches, read in one transaction.
    private func answer(
        _ query: RoiQuery, site: String, _ shape: @escaping @Sendable ([Result]) -> JSONValue
    ) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await store.read { transaction in
            try Self.matches(of: query, site: site, in: transaction).map(shape)
        }
    }

    /// Every detection of the query's cameras in its window that its regions hold, exactly.
    static func matches(of query: RoiQuery, site: String, in transaction: any DomainTransaction) throws -> Swift.Result<[Result], ProtocolError> {
        guard let topology = try transaction.decodedCameraTopology(of: site) else {
            return .failure(ProtocolError(.notFound, "site \(site) has no camera topology"))
        }
        var matches: [Result] = []
        for id in query.cameras {
            guard let camera = topology.camera(id) else {
                return .failure(ProtocolError(.notFound, "data.cameras: site \(site) has no camera \(id)"))
            }
            guard let key = try transaction.existingDetectionCameraKey(site: site, camera: id) else { continue }
            let regions = query.regions.map { regions in query.view.map { regions.scaled(FrameScaling(from: $0, to: camera.frameSize)) } ?? regions }
            guard let area = regions.map(\.narrowing) ?? camera.frameSize.rect else { continue }
            let window = DetectionWindow(cameraKey: key, from: query.from, to: query.to, area: area, anchor: regions?.anchor)
            for candidate in try transaction.detectionCandidates(in: window, camera: id, minScore: query.minScore) {
                // Without regions the whole frame counts, the box wholly inside it.
                guard query.labels?.contains(candidate.label) ?? true, let intensity = regions.map({ $0.match(candidate.box) }) ?? 1 else { continue }
                matches.append(Result(best: candidate, intensity: intensity, first: candidate.ts, last: candidate.ts, count: 1))
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

