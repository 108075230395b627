import Foundation
import VigilCore

/// A detection a query found (docs/protocol.md §6.8): its group's best frame, how well it matched
/// (`intensity` for an ROI query, `similarity` for an image query) and its group's span.
public struct DetectionHit: Sendable, Equatable {
    /// The number the hub gave the detection when it stored it.
    public let id: Int64
    /// The camera that saw it, an id of the site's camera topology.
    public let camera: String
    /// Milliseconds since 1970.
    public let ts: Int64
    /// The detection's box in the camera's frame, in pixels.
    public let box: Rect
    /// What was detected, such as `person` or `car`.
    public let label: String
    /// How sure the detector was, from 0 to 1.
    public let score: Double
    /// The tracked object the detection belongs to, for that camera; nil for an untracked detection.
    public let track: Int?
    /// SHA-256 of the detection's snapshot in the hub's thumbnail store (`GET /thumbnails/{sha256}`); nil without one.
    public let thumbnail: String?
    /// How well it matched: the fraction of the box inside the regions (0...1) for an ROI query, the cosine
    /// similarity (−1...1) for an image query.
    public let match: Double
    /// The first time of the detection's group (its track's matching detections), in milliseconds since 1970.
    public let first: Int64
    /// The last time of the detection's group, in milliseconds since 1970.
    public let last: Int64
    /// How many matching detections the group holds (1 for an untracked detection).
    public let count: Int

    init(_ value: JSONValue, measure: String) throws {
        guard let id = value["id"]?.numberValue, let camera = value["camera"]?.stringValue, let ts = value["ts"]?.numberValue,
            let box = value["box"], let x = box["x"]?.numberValue, let y = box["y"]?.numberValue, let width = box["width"]?.numberValue,
            let height = box["height"]?.numberValue, let label = value["label"]?.stringValue, let score = value["score"]?.numberValue,
            let match = value[measure]?.numberValue, let first = value["first"]?.numberValue, let last = value["last"]?.numberValue,
            let count = value["count"]?.numberValue
        else { throw ClientError.unexpectedAnswer("a detection result without its fields") }
        self.id = Int64(id)
        self.camera = camera
        self.ts = Int64(ts)
        self.box = Rect(x: x, y: y, width: width, height: height)
        self.label = label
        self.score = score
        track = value["track"]?.numberValue.map { Int($0) }
        thumbnail = value["thumbnail"]?.stringValue
        self.match = match
        self.first = Int64(first)
        self.last = Int64(last)
        self.count = Int(count)
    }
}

/// One bar of a timeline: distinct tracked objects and detections from `start` to `end`, and the
/// time of its first detection.
public struct TimelineBucket: Sendable, Equatable {
    /// The bucket's first millisecond (since 1970), included.
    public let start: Int64
    /// The bucket's end in milliseconds since 1970, excluded; the last bucket ends at the query's `to`.
    public let end: Int64
    /// How many distinct tracked objects were seen in the bucket.
    public let tracks: Int
    /// How many detections the bucket holds.
    public let detections: Int
    /// The time of the bucket's first detection, in milliseconds since 1970: where to jump to see it.
    public let jump: Int64
}

/// Analytics over the WebSocket: detection batches and the queries of `detections/{site}`.
/// The queries take their `data` as the protocol writes it; the answers come back typed.
extension VigilClient {
    /// Publishes a batch of one camera's detections (`batch` on `detections/{site}/{camera}`) and
    /// returns how many the hub stored.
    public func publish(_ batch: DetectionBatch, site: String) async throws -> Int {
        let data = try JSONDecoder().decode(JSONValue.self, from: DetectionBatchJSON.write(batch))
        let ok = try await request(.publish(topic: "detections/\(site)/\(batch.camera)", type: "batch", data: data))
        return Int(ok["detections"]?.numberValue ?? 0)
    }

    /// An ROI query: a page of results, the number of them all, and the cursor of the next page.
    public func roi(site: String, _ query: JSONValue) async throws -> (hits: [DetectionHit], total: Int, next: String?) {
        let result = try await self.query(topic: "detections/\(site)", type: "roi", data: query)
        let hits = try (result["results"]?.arrayValue ?? []).map { try DetectionHit($0, measure: "intensity") }
        return (hits, Int(result["total"]?.numberValue ?? 0), result["next"]?.stringValue)
    }

    /// The timeline's buckets that hold detections, oldest first.
    public func timeline(site: String, _ query: JSONValue) async throws -> [TimelineBucket] {
        let result = try await self.query(topic: "detections/\(site)", type: "timeline", data: query)
        return try (result["buckets"]?.arrayValue ?? []).map { bucket in
            guard let start = bucket["start"]?.numberValue, let end = bucket["end"]?.numberValue, let tracks = bucket["tracks"]?.numberValue,
                let detections = bucket["detections"]?.numberValue, let jump = bucket["jump"]?.numberValue
            else { throw ClientError.unexpectedAnswer("a timeline bucket without its fields") }
            return TimelineBucket(start: Int64(start), end: Int64(end), tracks: Int(tracks), detections: Int(detections), jump: Int64(jump))
        }
    }

    /// An image query: the nearest detections, most similar first.
    public func similar(site: String, _ query: JSONValue) async throws -> [DetectionHit] {
        let result = try await self.query(topic: "detections/\(site)", type: "similar", data: query)
        return try (result["results"]?.arrayValue ?? []).map { try DetectionHit($0, measure: "similarity") }
    }
}
