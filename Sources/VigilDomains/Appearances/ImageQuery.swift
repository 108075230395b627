import VigilCore
import VigilDetections
import VigilHub

/// An image query (the seed's Image Query, ViPR's search by picture): the detections whose
/// appearance is nearest, by cosine similarity, to a detection's, a thumbnail's detection's, or a
/// given vector, across the site's cameras (or only those neighbouring one) in a time window.
struct ImageQuery: Sendable {
    enum Example: Sendable {
        case detection(Int64)
        case thumbnail(String)
        case vector([Float])
    }

    static let maxK = 100

    var example: Example
    var from: Int64
    var to: Int64
    /// Nil: every camera of the site.
    var cameras: [String]?
    /// Only the cameras neighbouring this one in the topology.
    var near: String?
    var k: Int
    var groupByTrack: Bool

    init(_ data: JSONValue) throws(ProtocolError) {
        let query = try data.decode(SimilarQueryData.self)
        switch query.example {
        case .detection(let id):
            example = .detection(try CommandBounds.whole(id, "detection", in: 1...(Int64.max >> 11)))
        case .thumbnail(let hash):
            guard HexText.isSHA256(hash) else {
                throw ProtocolError(.invalidData, "data.thumbnail must be a SHA-256 hash as 64 lowercase hex digits")
            }
            example = .thumbnail(hash)
        case .vector(let numbers):
            let vector = numbers.map(Float.init)
            guard (1...DetectionBatch.maxAppearanceLength).contains(vector.count), vector.allSatisfy(\.isFinite) else {
                throw ProtocolError(.invalidData, "data.vector must hold 1 to \(DetectionBatch.maxAppearanceLength) finite numbers")
            }
            example = .vector(vector)
        }
        (from, to) = try DetectionQueries.window(from: query.from, to: query.to)
        cameras = try CommandBounds.strings(query.cameras, "cameras", max: DetectionQueries.maxCameras, length: DetectionBatch.maxCameraLength)
        near = try CommandBounds.optionalText(query.near, "near", maxLength: DetectionBatch.maxCameraLength)
        guard cameras == nil || near == nil else {
            throw ProtocolError(.invalidData, "give data.cameras or data.near, not both")
        }
        k = try CommandBounds.optionalWhole(query.k, "k", in: 1...Self.maxK) ?? 10
        groupByTrack = query.group != .perDetection
    }
}
