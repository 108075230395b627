import VigilCore

/// A detection an ROI query matched, as grouping, ranking and the timeline need it: no strings
/// and nothing to release, so that tens of thousands cost little. Only the page's rows are read
/// whole (their thumbnails), after it is cut.
struct RoiMatch: Sendable {
    let id: Int64
    /// The camera's place in the query's list of cameras.
    let camera: Int
    let ts: Int64
    /// -1 for an untracked detection.
    let track: Int64
    let intensity: Double

    /// What the timeline counts once per bucket and grouping makes one result of: a tracked
    /// object on one camera, or an untracked detection alone.
    enum Object: Hashable {
        case track(camera: Int, track: Int64)
        case detection(Int64)
    }

    var object: Object { track < 0 ? .detection(id) : .track(camera: camera, track: track) }

    /// Ranks before `other` by intensity (higher first), then the earlier, then the lower id.
    func outranks(_ other: RoiMatch) -> Bool {
        (-intensity, ts, id) < (-other.intensity, other.ts, other.id)
    }
}

/// One result of an ROI query: a group's best match (highest intensity, then earliest) with the
/// span and number of its matches.
struct RoiGroup: Sendable {
    var best: RoiMatch
    var first: Int64
    var last: Int64
    var count: Int

    init(_ match: RoiMatch) {
        best = match
        (first, last, count) = (match.ts, match.ts, 1)
    }

    mutating func add(_ match: RoiMatch) {
        if match.outranks(best) { best = match }
        first = min(first, match.ts)
        last = max(last, match.ts)
        count += 1
    }

    func key(_ order: RoiOrder) -> RoiCursor {
        switch order {
        case .intensity: RoiCursor(primary: -best.intensity, secondary: best.ts, tertiary: best.id)
        case .time: RoiCursor(primary: Double(first), secondary: best.ts, tertiary: best.id)
        }
    }

    /// One group per tracked object (`RoiMatch.Object`), or one per match.
    static func of(_ matches: [RoiMatch], byTrack: Bool) -> [RoiGroup] {
        guard byTrack else { return matches.map(RoiGroup.init) }
        var groups: [RoiGroup] = []
        var places: [RoiMatch.Object: Int] = [:]
        for match in matches {
            let object = match.object
            if let place = places[object] {
                groups[place].add(match)
            } else {
                places[object] = groups.count
                groups.append(RoiGroup(match))
            }
        }
        return groups
    }
}
