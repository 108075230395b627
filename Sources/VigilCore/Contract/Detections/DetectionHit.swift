/// A detection a query found (docs/protocol.md §6.8): its group's best frame, how well it matched
/// and its group's span. On the wire its fields sit beside the detection's, in one object.
public struct DetectionHit: Sendable, Equatable, Codable {
    /// The detection shown: the group's best frame.
    public var detection: WireDetection
    /// `/thumbnails/{sha256}`, where its snapshot is served; nil without one.
    public var thumbnailURL: String?
    /// An ROI query's measure: the fraction of the box inside the regions, 0...1.
    public var intensity: Double?
    /// An image query's measure: the cosine similarity of its appearance with the example's, −1...1.
    public var similarity: Double?
    /// The first time of the detection's group (its track's matching detections), in ms since 1970.
    public var first: Int64
    /// The last time of the detection's group, in ms since 1970.
    public var last: Int64
    /// How many matching detections the group holds (1 for an untracked detection).
    public var count: Int

    /// A hit on `detection`, its group over `first...last` holding `count` detections; its
    /// measure is set apart (`intensity` or `similarity`).
    public init(detection: WireDetection, first: Int64, last: Int64, count: Int) {
        self.detection = detection
        thumbnailURL = detection.thumbnail.map { "/thumbnails/\($0)" }
        self.first = first
        self.last = last
        self.count = count
    }

    private enum CodingKeys: String, CodingKey { case thumbnailURL, intensity, similarity, first, last, count }

    /// Decodes the detection's fields and the hit's, from one object.
    public init(from decoder: any Decoder) throws {
        detection = try WireDetection(from: decoder)
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        thumbnailURL = try fields.decodeIfPresent(String.self, forKey: .thumbnailURL)
        intensity = try fields.decodeIfPresent(Double.self, forKey: .intensity)
        similarity = try fields.decodeIfPresent(Double.self, forKey: .similarity)
        first = try fields.decode(Int64.self, forKey: .first)
        last = try fields.decode(Int64.self, forKey: .last)
        count = try fields.decode(Int.self, forKey: .count)
    }

    /// Encodes the detection's fields and the hit's, into one object.
    public func encode(to encoder: any Encoder) throws {
        try detection.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(thumbnailURL, forKey: .thumbnailURL)
        try fields.encodeIfPresent(intensity, forKey: .intensity)
        try fields.encodeIfPresent(similarity, forKey: .similarity)
        try fields.encode(first, forKey: .first)
        try fields.encode(last, forKey: .last)
        try fields.encode(count, forKey: .count)
    }
}

/// The answer to an `roi` query: a page of results, the number of them all, and the cursor of the
/// next page.
public struct RoiPage: Sendable, Equatable, Codable {
    /// The page's results, in the query's order; each carries `intensity`.
    public var results: [DetectionHit]
    /// How many results the whole query has.
    public var total: Int
    /// The `cursor` of the next page; nil on the last page.
    public var next: String?

    /// A page of `results` out of `total`.
    public init(results: [DetectionHit], total: Int, next: String? = nil) {
        self.results = results
        self.total = total
        self.next = next
    }
}

/// The answer to a `similar` query: the nearest detections, most similar first (then earliest);
/// each carries `similarity`.
public struct SimilarResults: Sendable, Equatable, Codable {
    /// The results, most similar first.
    public var results: [DetectionHit]

    /// The answer of `results`.
    public init(results: [DetectionHit]) { self.results = results }
}
