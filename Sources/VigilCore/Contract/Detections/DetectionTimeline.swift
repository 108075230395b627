/// The `data` of a `timeline` query: a selection (its regions may be left out, to count whole
/// cameras) cut into buckets of one duration from its `from`.
public struct TimelineQueryData: Sendable, Equatable, Codable {
    /// The detections counted.
    public var selection: DetectionSelection
    /// Each bucket's length, 1 s to 1 h: `"5m"`, or milliseconds.
    public var bucket: WireDuration

    /// The timeline of `selection` in buckets of `bucket`.
    public init(_ selection: DetectionSelection, bucket: WireDuration) {
        self.selection = selection
        self.bucket = bucket
    }

    private enum CodingKeys: String, CodingKey { case bucket }

    /// Decodes the selection's fields and the bucket, from one object.
    public init(from decoder: any Decoder) throws {
        selection = try DetectionSelection(from: decoder)
        bucket = try decoder.container(keyedBy: CodingKeys.self).decode(WireDuration.self, forKey: .bucket)
    }

    /// Encodes the selection's fields and the bucket, into one object.
    public func encode(to encoder: any Encoder) throws {
        try selection.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(bucket, forKey: .bucket)
    }
}

/// The answer to a `timeline` query: the buckets that hold detections, oldest first (the others
/// hold none).
public struct DetectionTimeline: Sendable, Equatable, Codable {
    /// The window's start, in ms since 1970: the first bucket's.
    public var from: Int64
    /// The window's end, in ms since 1970, excluded.
    public var to: Int64
    /// Each bucket's length, in milliseconds.
    public var bucketMs: Int64
    /// The buckets that hold detections, oldest first.
    public var buckets: [TimelineBucket]

    /// A timeline of `buckets`.
    public init(from: Int64, to: Int64, bucketMs: Int64, buckets: [TimelineBucket]) {
        self.from = from
        self.to = to
        self.bucketMs = bucketMs
        self.buckets = buckets
    }
}

/// One bar of a timeline: distinct tracked objects and detections from `start` to `end`, and the
/// time of its first detection.
public struct TimelineBucket: Sendable, Equatable, Codable {
    /// The bucket's first millisecond (since 1970), included.
    public var start: Int64
    /// The bucket's end in milliseconds since 1970, excluded; the last bucket ends at the query's `to`.
    public var end: Int64
    /// How many distinct tracked objects were seen in the bucket (a detection without a track counts alone).
    public var tracks: Int
    /// How many detections the bucket holds.
    public var detections: Int
    /// The time of the bucket's first detection, in milliseconds since 1970: where to jump to see it.
    public var jump: Int64

    /// A bucket from `start` to `end`.
    public init(start: Int64, end: Int64, tracks: Int, detections: Int, jump: Int64) {
        self.start = start
        self.end = end
        self.tracks = tracks
        self.detections = detections
        self.jump = jump
    }
}
