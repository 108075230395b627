import VigilDetectionIndex

/// A site's appearance index as one search sees it (the writer goes on appending past it): the
/// first pass of an image query over the codes, and the spans of the groups it answers with.
struct AppearanceSnapshot: Sendable {
    let chunks: [FilledChunk<AppearanceChunk>]
    /// The store's key of each camera slot.
    let cameraKeys: [Int64]
    /// Every vector the store held of this time or later is here (`IndexChunks.heldFrom`): a
    /// search measures what is earlier in the store.
    let heldFrom: Int64
    /// 0 while the site has no vector.
    let stride: Int

    /// What a search asks: the plan's window, cameras, example (as codes, and left out when it is a
    /// detection) and number of groups.
    struct Search: Sendable {
        var plan: ImageQueryPlan
        var codes: AppearanceCodes.Query
        var query: ImageQuery { plan.query }
    }

    /// A detection whose similarity lies in [lower, upper] and may still be in the answer.
    struct Candidate: Sendable {
        var id: Int64
        var ts: Int64
        var group: ImageGroup
        var upper: Double
        var lower: Double
    }

    /// Every detection of the window that may be the best of a group in the top k: its interval
    /// reaches both the k-th best lower bound of the groups and the best lower bound of its own
    /// group. Measuring these exactly gives the exact answer. One core scans: the scan is bound by
    /// memory (a million entries' codes in about 6 ms), and shared out over this machine's two cores
    /// it was no faster, alone (6.1 ms) or in the benchmark (p50 4.8 against 5.0 ms at 300,000).
    func candidates(for search: Search) -> [Candidate] {
        guard stride > 0, search.codes.codes.count == stride else { return [] }
        let (from, to, excluded) = (max(search.query.from, heldFrom), search.query.to, search.plan.excluded)
        let allowed = cameraKeys.map(Set(search.plan.cameraKeys).contains)
        var leading = LeadingGroups(k: search.query.k)
        var found: [Candidate] = []
        search.codes.codes.withUnsafeBytes { query in
            for filled in chunks where filled.overlaps(from: from, to: to) {
                let chunk = filled.chunk
                for slot in 0..<filled.count {
                    let ts = chunk.times[slot]
                    guard ts >= from, ts < to, allowed[Int(chunk.cameras[slot])] else { continue }
                    let dot = AppearanceCodes.dot(chunk.codes + slot &* stride, query.baseAddress!, stride: stride)
                    let estimate = Double(chunk.scales[slot]) * search.codes.scale * Double(dot)
                    let bound = search.codes.bound(storedError: chunk.errors[slot])
                    guard estimate + bound >= leading.threshold, chunk.ids[slot] != excluded else { continue }
                    let group = ImageGroup(
                        id: chunk.ids[slot], cameraKey: cameraKeys[Int(chunk.cameras[slot])],
                        track: chunk.tracks[slot] < 0 ? nil : chunk.tracks[slot],
                        byTrack: search.query.groupByTrack)
                    found.append(Candidate(id: chunk.ids[slot], ts: ts, group: group, upper: estimate + bound, lower: estimate - bound))
                    if estimate - bound > leading.threshold { leading.offer(group, low: estimate - bound) }
                }
            }
        }
        let threshold = leading.threshold
        found.removeAll { $0.upper < threshold }
        var groupLows: [ImageGroup: Double] = [:]
        for candidate in found { groupLows[candidate.group] = max(groupLows[candidate.group] ?? -.infinity, candidate.lower) }
        found.removeAll { $0.upper < groupLows[$0.group] ?? -.infinity }
        return found
    }

    /// The span of each tracked group over the search's window, the example left out.
    func spans(of groups: [ImageGroup], for search: Search) -> [ImageGroup: ImageGroupSpan] {
        var spans = Dictionary(uniqueKeysWithValues: groups.filter { !$0.isAlone }.map { ($0, ImageGroupSpan()) })
        guard !spans.isEmpty else { return [:] }
        // A bit per track modulo 4096 passes over nearly every entry with two loads and a test; the
        // dictionary is asked only for the few whose bit is set.
        var mask = [UInt64](repeating: 0, count: 64)
        for group in spans.keys { mask[Int(group.track & 4095) >> 6] |= 1 << UInt64(group.track & 63) }
        let (from, to, excluded) = (max(search.query.from, heldFrom), search.query.to, search.plan.excluded)
        for filled in chunks where filled.overlaps(from: from, to: to) {
            let chunk = filled.chunk
            for slot in 0..<filled.count {
                let track = chunk.tracks[slot]
                guard track >= 0, mask[Int(track & 4095) >> 6] & (1 << UInt64(track & 63)) != 0 else { continue }
                let ts = chunk.times[slot]
                let group = ImageGroup(id: chunk.ids[slot], cameraKey: cameraKeys[Int(chunk.cameras[slot])], track: track, byTrack: true)
                guard ts >= from, ts < to, spans[group] != nil, chunk.ids[slot] != excluded else { continue }
                spans[group]?.add(ts)
            }
        }
        return spans
    }
}
