import VigilCore
import VigilHub

/// The seed's timeline: how many people (distinct tracked objects) a selection of detections holds
/// per time bucket, for the bar chart. Each bucket says where a player should jump (its first
/// detection) and spans the window its results are read with (an `roi` query from `start` to `end`).
struct Timeline: Sendable {
    static let bucketRange: ClosedRange<Int64> = 1_000...3_600_000
    static let maxBuckets: Int64 = 10_000

    /// The selection: an ROI query whose regions may be left out (whole cameras).
    let query: RoiQuery
    let bucket: Int64

    init(_ data: JSONValue) throws(ProtocolError) {
        let timeline = try data.decode(TimelineQueryData.self)
        query = try RoiQuery(timeline.selection, regionsRequired: false)
        bucket = try CommandBounds.duration(timeline.bucket, "bucket", in: Self.bucketRange)
        let count = (query.to - query.from + bucket - 1) / bucket
        guard count <= Self.maxBuckets else {
            throw ProtocolError(
                .invalidData, "data.bucket of \(DurationText.text(bucket)) cuts the window into \(count) buckets; at most \(Self.maxBuckets)")
        }
    }

    /// The buckets that hold detections, oldest first; the others hold none.
    func buckets(of matches: [RoiMatch]) -> DetectionTimeline {
        struct Bucket {
            // A tracked object counts once per bucket, on each camera; an untracked detection alone.
            var objects: Set<RoiMatch.Object> = []
            var detections = 0
            var jump = Int64.max

            mutating func add(_ match: RoiMatch) {
                objects.insert(match.object)
                detections += 1
                jump = min(jump, match.ts)
            }
        }
        var buckets: [Int64: Bucket] = [:]
        for match in matches {
            buckets[(match.ts - query.from) / bucket, default: Bucket()].add(match)
        }
        let list = buckets.sorted { $0.key < $1.key }.map { index, content in
            let start = query.from + index * bucket
            return TimelineBucket(
                start: start, end: min(start + bucket, query.to), tracks: content.objects.count, detections: content.detections, jump: content.jump)
        }
        return DetectionTimeline(from: query.from, to: query.to, bucketMs: bucket, buckets: list)
    }
}
