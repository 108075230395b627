import VigilCore
import VigilHub

/// An ROI query as the `roi` query and `POST /api/sites/{site}/roi` take it (docs/protocol.md
/// §6.8): cameras, a time window, regions and the rule that says when a detection is inside them,
/// filters, and how the results are ranked, grouped and paged.
struct RoiQuery: Sendable {
    static let maxCameras = 64
    static let maxLabels = 32
    static let maxLimit = 500

    var cameras: [String]
    /// Milliseconds, `from` included, `to` excluded.
    var from: Int64
    var to: Int64
    /// Nil for a timeline of whole cameras: every detection of the cameras counts.
    var regions: RoiRegions?
    /// The frame the regions were drawn on; nil when drawn on each camera's own frame.
    var view: FrameSize?
    var labels: Set<String>?
    var minScore: Double
    var order: RoiOrder
    var groupByTrack: Bool
    var limit: Int
    var cursor: RoiCursor?

    /// An `roi` query's `data`: a selection whose regions are required, ranked, grouped and paged.
    init(_ data: JSONValue) throws(ProtocolError) {
        let query = try data.decode(RoiQueryData.self)
        try self.init(query.selection, regionsRequired: true)
        order = query.order ?? .intensity
        groupByTrack = query.group != .perDetection
        limit = try CommandBounds.optionalWhole(query.limit, "limit", in: 1...Self.maxLimit) ?? 50
        cursor = try CommandBounds.optionalText(query.cursor, "cursor", maxLength: 200).map { [order] text throws(ProtocolError) in
            guard let cursor = RoiCursor(text, order: order) else {
                throw ProtocolError(.invalidData, "data.cursor is not a cursor of this query's order; pass back the next of the previous page")
            }
            return cursor
        }
    }

    /// The detections `selection` holds, ranked by intensity, by track, 50 a page. `regionsRequired`
    /// false: a selection may leave `regions` out to cover whole cameras (a timeline).
    init(_ selection: DetectionSelection, regionsRequired: Bool) throws(ProtocolError) {
        // A camera named twice is searched once: its detections are not counted twice.
        cameras = try (CommandBounds.strings(selection.cameras, "cameras", max: Self.maxCameras, length: DetectionBatch.maxCameraLength) ?? [])
            .reduce(into: []) { kept, camera in if !kept.contains(camera) { kept.append(camera) } }
        guard !cameras.isEmpty else { throw ProtocolError(.invalidData, "data.cameras must name at least one camera") }
        (from, to) = try Self.window(from: selection.from, to: selection.to)
        regions =
            regionsRequired || selection.regions != nil
            ? try RoiRegions(selection.regions, match: selection.match, rule: selection.rule) : nil
        view = selection.view
        labels = try CommandBounds.strings(selection.labels, "labels", max: Self.maxLabels, length: DetectionBatch.maxLabelLength).map(Set.init)
        minScore = try CommandBounds.number(selection.minScore, "minScore", in: 0...1) ?? 0
        order = .intensity
        groupByTrack = true
        limit = 50
        cursor = nil
    }

    /// `from` and `to`, milliseconds since 1970, `to` after `from`.
    static func window(from: Int64, to: Int64) throws(ProtocolError) -> (Int64, Int64) {
        let range = 0...DetectionBatch.timeLimit
        try _ = CommandBounds.whole(from, "from", in: range)
        try _ = CommandBounds.whole(to, "to", in: range)
        guard to > from else {
            throw ProtocolError(.invalidData, "data.to (\(to)) must be after data.from (\(from))")
        }
        return (from, to)
    }
}

/// Where a page ended, in the order of the query: the sort key of its last result.
struct RoiCursor: Sendable, Comparable {
    var primary: Double
    var secondary: Int64
    var tertiary: Int64

    init(primary: Double, secondary: Int64, tertiary: Int64) {
        self.primary = primary
        self.secondary = secondary
        self.tertiary = tertiary
    }

    /// `i.` or `t.` (the order), then the three keys; the double by its bits, so it comes back exact.
    init?(_ text: String, order: RoiOrder) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == order.rawValue.prefix(1), let bits = UInt64(parts[1]), let secondary = Int64(parts[2]),
            let tertiary = Int64(parts[3])
        else { return nil }
        self.init(primary: Double(bitPattern: bits), secondary: secondary, tertiary: tertiary)
    }

    func text(_ order: RoiOrder) -> String {
        "\(order.rawValue.prefix(1)).\(primary.bitPattern).\(secondary).\(tertiary)"
    }

    static func < (left: RoiCursor, right: RoiCursor) -> Bool {
        (left.primary, left.secondary, left.tertiary) < (right.primary, right.secondary, right.tertiary)
    }
}
