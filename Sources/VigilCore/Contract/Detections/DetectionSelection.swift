/// Which detections an `roi` or `timeline` query reads (docs/protocol.md §6.8): some cameras in a
/// time window, inside regions, with filters. On the wire its fields sit beside the query's own.
public struct DetectionSelection: Sendable, Equatable, Codable {
    /// 1–64 camera ids of the site's topology.
    public var cameras: [String]
    /// The window's start, in milliseconds since 1970, included.
    public var from: Int64
    /// The window's end, in milliseconds since 1970, excluded; after `from`.
    public var to: Int64
    /// 1–16 regions; nil for a timeline of whole cameras (an `roi` query needs them).
    public var regions: [DrawnRegion]?
    /// In any region (default) or all of them.
    public var match: RegionMatch?
    /// When a box is in a region; default: its bottom centre is.
    public var rule: RegionRule?
    /// The frame the regions were drawn on, scaled to each camera's; nil: each camera's own pixels.
    public var view: FrameSize?
    /// Only detections with one of these labels; nil: any.
    public var labels: [String]?
    /// Only detections at least this sure, 0...1; default 0.
    public var minScore: Double?

    /// The detections of `cameras` from `from` to `to`, inside `regions` by `rule`.
    public init(
        cameras: [String], from: Int64, to: Int64, regions: [DrawnRegion]? = nil, match: RegionMatch? = nil, rule: RegionRule? = nil,
        view: FrameSize? = nil, labels: [String]? = nil, minScore: Double? = nil
    ) {
        self.cameras = cameras
        self.from = from
        self.to = to
        self.regions = regions
        self.match = match
        self.rule = rule
        self.view = view
        self.labels = labels
        self.minScore = minScore
    }

    private enum CodingKeys: String, CodingKey { case cameras, from, to, regions, match, rule, view, labels, minScore }

    /// Reads the wire's fields; a time with a fraction or a match of another word is refused naming it.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        cameras = try fields.decode([String].self, forKey: .cameras)
        from = try fields.decodeWhole(Int64.self, forKey: .from)
        to = try fields.decodeWhole(Int64.self, forKey: .to)
        regions = try fields.decodeIfPresent([DrawnRegion].self, forKey: .regions)
        match = try fields.decodeChoiceIfPresent(RegionMatch.self, forKey: .match)
        rule = try fields.decodeIfPresent(RegionRule.self, forKey: .rule)
        view = try fields.decodeIfPresent(FrameSize.self, forKey: .view)
        labels = try fields.decodeIfPresent([String].self, forKey: .labels)
        minScore = try fields.decodeIfPresent(Double.self, forKey: .minScore)
    }
}

/// One result per tracked object, or one per detection.
public enum DetectionGrouping: String, Sendable, Codable, CaseIterable {
    /// One result per tracked object of a camera, its best frame (the default).
    case byTrack = "track"
    /// One result per detection.
    case perDetection = "none"
}

/// The order of an `roi` query's results.
public enum RoiOrder: String, Sendable, Codable, CaseIterable {
    /// Highest intensity first, then earliest (the default).
    case intensity
    /// By the result's first time.
    case time
}

/// The `data` of an `roi` query: the detections a selection holds, grouped, ranked and paged.
public struct RoiQueryData: Sendable, Equatable, Codable {
    /// The detections searched; `regions` is required.
    public var selection: DetectionSelection
    /// By track (default) or per detection.
    public var group: DetectionGrouping?
    /// By intensity (default) or time.
    public var order: RoiOrder?
    /// Results per page, 1–500; default 50.
    public var limit: Int?
    /// The `next` of the previous page, with the same query and order.
    public var cursor: String?

    /// A query of `selection`.
    public init(_ selection: DetectionSelection, group: DetectionGrouping? = nil, order: RoiOrder? = nil, limit: Int? = nil, cursor: String? = nil) {
        self.selection = selection
        self.group = group
        self.order = order
        self.limit = limit
        self.cursor = cursor
    }

    private enum CodingKeys: String, CodingKey { case group, order, limit, cursor }

    /// Decodes the selection's fields and the query's, from one object.
    public init(from decoder: any Decoder) throws {
        selection = try DetectionSelection(from: decoder)
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        group = try fields.decodeChoiceIfPresent(DetectionGrouping.self, forKey: .group)
        order = try fields.decodeChoiceIfPresent(RoiOrder.self, forKey: .order)
        limit = try fields.decodeWholeIfPresent(Int.self, forKey: .limit)
        cursor = try fields.decodeIfPresent(String.self, forKey: .cursor)
    }

    /// Encodes the selection's fields and the query's, into one object.
    public func encode(to encoder: any Encoder) throws {
        try selection.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(group, forKey: .group)
        try fields.encodeIfPresent(order, forKey: .order)
        try fields.encodeIfPresent(limit, forKey: .limit)
        try fields.encodeIfPresent(cursor, forKey: .cursor)
    }
}
