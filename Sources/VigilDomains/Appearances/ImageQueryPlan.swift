import Foundation
import VigilCameras
import VigilCore
import VigilDetections
import VigilStore

/// An image query checked against the store: the example's vector (a detection's, a thumbnail's
/// detection's, or the one given), the detection left out of the results, and the cameras searched
/// that have detections. Shared by the index's search and the exact scan.
struct ImageQueryPlan: Sendable {
    let query: ImageQuery
    let example: [Float]
    private let norm: Double
    let excluded: Int64?
    /// The store's keys of the cameras searched.
    let cameraKeys: [Int64]

    static func resolve(_ query: ImageQuery, site: String, in transaction: any DomainTransaction) throws -> Swift.Result<Self, ProtocolError> {
        guard let topology = try transaction.decodedCameraTopology(of: site) else {
            return .failure(ProtocolError(.notFound, "site \(site) has no camera topology"))
        }
        var excluded: Int64?
        let example: [Float]
        switch query.example {
        case .vector(let vector):
            example = vector
        case .detection(let id):
            guard let data = try transaction.appearance(ofDetection: id, site: site) else {
                return .failure(ProtocolError(.notFound, "data.detection: site \(site) has no detection \(id) with an appearance vector"))
            }
            (example, excluded) = (AppearanceVector.vector(data), id)
        case .thumbnail(let hash):
            guard let id = try transaction.detection(withThumbnail: hash, site: site),
                let data = try transaction.appearance(ofDetection: id, site: site)
            else {
                return .failure(ProtocolError(.notFound, "data.thumbnail: no detection of site \(site) with this thumbnail has an appearance vector"))
            }
            (example, excluded) = (AppearanceVector.vector(data), id)
        }
        if let length = try transaction.appearanceLength(of: site), length != example.count {
            return .failure(ProtocolError(.invalidData, "data.vector has \(example.count) numbers; site \(site)'s vectors have \(length)"))
        }
        let norm = sqrt(example.reduce(0) { $0 + Double($1) * Double($1) })
        guard norm > 0 else { return .failure(ProtocolError(.invalidData, "the example's vector is all zeros: it has no direction to compare")) }
        let cameras: [String]
        if let near = query.near {
            guard let camera = topology.camera(near) else {
                return .failure(ProtocolError(.notFound, "data.near: site \(site) has no camera \(near)"))
            }
            cameras = CameraDirection.allCases.compactMap { camera.neighbours[$0] }
        } else if let named = query.cameras {
            if let unknown = named.first(where: { topology.camera($0) == nil }) {
                return .failure(ProtocolError(.notFound, "data.cameras: site \(site) has no camera \(unknown)"))
            }
            cameras = named
        } else {
            cameras = topology.cameras.map(\.id)
        }
        let keys = try Set(cameras).sorted().compactMap { try transaction.existingDetectionCameraKey(site: site, camera: $0) }
        return .success(ImageQueryPlan(query: query, example: example, norm: norm, excluded: excluded, cameraKeys: keys))
    }

    /// The exact cosine similarity with a vector kept as 32-bit floats, in Double; nil for one of
    /// another length or without direction.
    func similarity(_ bytes: UnsafeRawBufferPointer) -> Double? {
        guard bytes.count == example.count * MemoryLayout<Float>.size else { return nil }
        var dot = 0.0
        var squares = 0.0
        for index in example.indices {
            let value = Double(bytes.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.size, as: Float.self))
            dot += Double(example[index]) * value
            squares += value * value
        }
        return squares > 0 ? dot / (norm * sqrt(squares)) : nil
    }

    /// The answer: each leading group's best detection as stored, with its similarity and span.
    func answer(_ leading: [MeasuredDetection], spans: [ImageGroup: ImageGroupSpan], in transaction: any DomainTransaction) throws -> JSONValue {
        let results = leading.map { best in
            let span = spans[best.group] ?? ImageGroupSpan(first: best.ts, last: best.ts, count: 1)
            return DetectionResult(id: best.id, value: best.value, first: span.first, last: span.last, count: span.count)
        }
        return try JSONValue(encoding: SimilarResults(results: transaction.detectionHits(results, measure: \.similarity)))
    }
}
