/// The `data` of a `similar` query, the image query (docs/protocol.md §6.8): the detections whose
/// appearance is nearest to an example's, in a time window.
public struct SimilarQueryData: Sendable, Equatable, Codable {
    /// What the results should look like.
    public enum Example: Sendable, Equatable {
        /// A detection of the site (its vector); it is left out of the results.
        case detection(Int64)
        /// A thumbnail's hash: the newest detection of the site with it and a vector.
        case thumbnail(String)
        /// A vector of the site's length.
        case vector([Double])
    }

    /// What the results should look like.
    public var example: Example
    /// The window's start, in milliseconds since 1970, included.
    public var from: Int64
    /// The window's end, in milliseconds since 1970, excluded.
    public var to: Int64
    /// Only these cameras; nil: every camera of the site (or those near `near`).
    public var cameras: [String]?
    /// Only the cameras neighbouring this one in the topology; not with `cameras`.
    public var near: String?
    /// How many results, 1–100; default 10.
    public var k: Int?
    /// By track (default) or per detection.
    public var group: DetectionGrouping?

    /// The detections nearest to `example` from `from` to `to`.
    public init(
        _ example: Example, from: Int64, to: Int64, cameras: [String]? = nil, near: String? = nil, k: Int? = nil, group: DetectionGrouping? = nil
    ) {
        self.example = example
        self.from = from
        self.to = to
        self.cameras = cameras
        self.near = near
        self.k = k
        self.group = group
    }

    private enum CodingKeys: String, CodingKey { case detection, thumbnail, vector, from, to, cameras, near, k, group }

    /// Decodes the one example the object names, and the rest; a number with a fraction where a
    /// whole one belongs, or a grouping of another word, is refused naming the field.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        // An example given as null is not given.
        let examples = try [CodingKeys.detection, .thumbnail, .vector].filter { try fields.contains($0) && !fields.decodeNil(forKey: $0) }
        switch examples {
        case [.detection]: example = .detection(try fields.decodeWhole(Int64.self, forKey: .detection))
        case [.thumbnail]: example = .thumbnail(try fields.decode(String.self, forKey: .thumbnail))
        case [.vector]: example = .vector(try fields.decode([Double].self, forKey: .vector))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "names one of detection, thumbnail and vector"))
        }
        from = try fields.decodeWhole(Int64.self, forKey: .from)
        to = try fields.decodeWhole(Int64.self, forKey: .to)
        cameras = try fields.decodeIfPresent([String].self, forKey: .cameras)
        near = try fields.decodeIfPresent(String.self, forKey: .near)
        k = try fields.decodeWholeIfPresent(Int.self, forKey: .k)
        group = try fields.decodeChoiceIfPresent(DetectionGrouping.self, forKey: .group)
    }

    /// Encodes the example under its kind (each kind is offered, so that a description of the type
    /// names all three), and the rest.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(example.detection, forKey: .detection)
        try fields.encodeIfPresent(example.thumbnail, forKey: .thumbnail)
        try fields.encodeIfPresent(example.vector, forKey: .vector)
        try fields.encode(from, forKey: .from)
        try fields.encode(to, forKey: .to)
        try fields.encodeIfPresent(cameras, forKey: .cameras)
        try fields.encodeIfPresent(near, forKey: .near)
        try fields.encodeIfPresent(k, forKey: .k)
        try fields.encodeIfPresent(group, forKey: .group)
    }
}

extension SimilarQueryData.Example {
    fileprivate var detection: Int64? { if case .detection(let id) = self { id } else { nil } }
    fileprivate var thumbnail: String? { if case .thumbnail(let hash) = self { hash } else { nil } }
    fileprivate var vector: [Double]? { if case .vector(let numbers) = self { numbers } else { nil } }
}
