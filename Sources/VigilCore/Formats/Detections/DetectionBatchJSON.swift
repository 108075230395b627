import Foundation

/// The detections batch as JSON, the shape analytics backends POST or publish:
///
///     {"camera": "hq-cam-3", "frame": {"width": 640, "height": 480},
///      "detections": [{"time": "2026-03-01T12:00:00.250Z",
///                      "box": {"x": 10, "y": 20, "width": 40, "height": 100},
///                      "label": "person", "score": 0.93, "track": 17,
///                      "thumbnail": "<sha-256 hex>", "appearance": [0.12, -0.4, ...]}]}
///
/// `track`, `thumbnail` and `appearance` are optional.
public enum DetectionBatchJSON {
    /// The largest document `parse(_:)` accepts, in bytes (32 MiB).
    public static let maxBytes = 32 << 20

    /// Reads a batch; throws a `FormatError` for a document over `maxBytes`, one that is not JSON, or a batch that
    /// does not validate (the error names the detection and field).
    public static func parse(_ data: Data) throws(FormatError) -> DetectionBatch {
        guard data.count <= maxBytes else {
            throw FormatError(.detections, "document of \(data.count) bytes is over the limit of \(maxBytes)")
        }
        guard let value = try? JSONValue(parsing: data) else { throw FormatError(.detections, "not valid JSON") }
        return try DetectionBatch(json: value)
    }

    /// The batch as JSON, times in RFC 3339 with milliseconds; `parse(_:)` reads it back to the same batch.
    public static func write(_ batch: DetectionBatch) -> Data {
        JSONFormat.encode(batch)
    }
}

extension DetectionBatch: Codable {
    private enum CodingKeys: String, CodingKey { case camera, frame, detections }

    /// Decoding validates like `init(camera:frameSize:detections:)`; a refusal is a
    /// `DecodingError.dataCorrupted` whose coding path names the detection and field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let camera = try container.decode(String.self, forKey: .camera)
        let frame = try container.decode(FrameSize.self, forKey: .frame)
        let raw = try container.decode([RawDetection].self, forKey: .detections)
        var detections: [Detection] = []
        detections.reserveCapacity(raw.count)
        for (index, item) in raw.enumerated() {
            guard let milliseconds = RFC3339Time.parse(item.time) else {
                throw Self.refusal(
                    decoder,
                    DetectionBatchError(
                        index: index, field: "time", "expected an RFC 3339 time like 2026-03-01T12:00:00.250Z, found \"\(item.time)\""))
            }
            detections.append(
                Detection(
                    time: Date(timeIntervalSince1970: Double(milliseconds) / 1000), box: item.box, label: item.label,
                    score: item.score, trackID: item.track, thumbnail: item.thumbnail, appearance: item.appearance))
        }
        do {
            try self.init(camera: camera, frameSize: frame, detections: detections)
        } catch {
            throw Self.refusal(decoder, error)
        }
    }

    /// Encodes `{camera, frame, detections}`, each detection's time as RFC 3339 text with milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(camera, forKey: .camera)
        try container.encode(frameSize, forKey: .frame)
        try container.encode(detections.map(RawDetection.init), forKey: .detections)
    }

    private static func refusal(_ decoder: any Decoder, _ error: DetectionBatchError) -> DecodingError {
        var path = decoder.codingPath
        if let index = error.index {
            path += [PathKey(CodingKeys.detections.stringValue), PathKey(index)]
        }
        path.append(PathKey(error.field))
        return .dataCorrupted(.init(codingPath: path, debugDescription: error.message))
    }
}

/// One detection as written in the JSON, before validation.
private struct RawDetection: Codable {
    let time: String
    let box: Rect
    let label: String
    let score: Double
    let track: Int?
    let thumbnail: String?
    let appearance: [Float]?

    init(_ detection: Detection) {
        time = RFC3339Time.format(detection.milliseconds)
        box = detection.box
        label = detection.label
        score = detection.score
        track = detection.trackID
        thumbnail = detection.thumbnail
        appearance = detection.appearance
    }
}

/// A coding key made at run time, to name a field in a refusal's coding path.
private struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(_ index: Int) {
        stringValue = String(index)
        intValue = index
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}
