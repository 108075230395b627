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
        let fields = try CommandData(data, shape: "{detection | thumbnail | vector, from, to, cameras?, near?, k?, group?}")
        let given = ["detection", "thumbnail", "vector"].filter { fields.fields[$0].map { $0 != .null } == true }
        guard given.count == 1 else {
            throw ProtocolError(.invalidData, "give one of data.detection, data.thumbnail and data.vector")
        }
        switch given[0] {
        case "detection":
            guard let id = try fields.integer("detection", in: 1...Int(Int64.max >> 11)) else {
                throw ProtocolError(.invalidData, "data.detection is required")
            }
            example = .detection(Int64(id))
        case "thumbnail":
            guard let hash = fields.fields["thumbnail"]?.stringValue, HexText.isSHA256(hash) else {
                throw ProtocolError(.invalidData, "data.thumbnail must be a SHA-256 hash as 64 lowercase hex digits")
            }
            example = .thumbnail(hash)
        default:
            guard let list = fields.fields["vector"]?.arrayValue, (1...DetectionBatch.maxAppearanceLength).contains(list.count),
                case let numbers = list.compactMap(\.numberValue).map(Float.init), numbers.count == list.count, numbers.allSatisfy(\.isFinite)
            else {
                throw ProtocolError(.invalidData, "data.vector must hold 1 to \(DetectionBatch.maxAppearanceLength) finite numbers")
            }
            example = .vector(numbers)
        }
        (from, to) = try DetectionQueries.window(fields)
        cameras = try fields.optionalStrings("cameras", max: DetectionQueries.maxCameras, length: DetectionBatch.maxCameraLength)
        near = try fields.optionalString("near", maxLength: DetectionBatch.maxCameraLength)
        guard cameras == nil || near == nil else {
            throw ProtocolError(.invalidData, "give data.cameras or data.near, not both")
        }
        k = try fields.integer("k", in: 1...Self.maxK) ?? 10
        groupByTrack = try fields.choice("group", of: ["track", "none"]) != "none"
    }
}
