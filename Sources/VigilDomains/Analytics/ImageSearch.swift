import Foundation
import VigilCore
import VigilStore

extension RoiSearch {
    /// The `k` detections (one per track unless ungrouped) most similar to the query's example, most
    /// similar first, or why the query is refused. An exact scan of the window's vectors.
    func run(_ query: ImageQuery, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        try await store.read { transaction in
            try Self.similar(to: query, site: site, in: transaction).map { results in
                ["results": .array(results.map { $0.json(measure: "similarity") })]
            }
        }
    }

    static func similar(to query: ImageQuery, site: String, in transaction: any DomainTransaction) throws -> Swift.Result<[Result], ProtocolError> {
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
            guard let id = try transaction.detection(withThumbnail: hash, site: site), let data = try transaction.appearance(ofDetection: id, site: site) else {
                return .failure(ProtocolError(.notFound, "data.thumbnail: no detection of site \(site) with this thumbnail has an appearance vector"))
            }
            (example, excluded) = (AppearanceVector.vector(data), id)
        }
        if let length = try transaction.appearanceLength(of: site), length != example.count {
            return .failure(ProtocolError(.invalidData, "data.vector has \(example.count) numbers; site \(site)'s vectors have \(length)"))
        }
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
        return try scan(cameras, query, example, excluded, site, transaction)
    }

    private static func scan(
        _ cameras: [String], _ query: ImageQuery, _ example: [Float], _ excluded: Int64?, _ site: String, _ transaction: any DomainTransaction
    ) throws -> Swift.Result<[Result], ProtocolError> {
        let norm = sqrt(example.reduce(0) { $0 + Double($1) * Double($1) })
        guard norm > 0 else { return .failure(ProtocolError(.invalidData, "the example's vector is all zeros: it has no direction to compare")) }
        var matches: [Result] = []
        for camera in Set(cameras).sorted() {
            guard let key = try transaction.existingDetectionCameraKey(site: site, camera: camera) else { continue }
            for candidate in try transaction.detectionsWithAppearance(cameraKey: key, camera: camera, from: query.from, to: query.to)
            where candidate.id != excluded {
                guard let data = candidate.appearance, let similarity = cosine(example, norm, AppearanceVector.vector(data)) else { continue }
                var record = candidate
                record.appearance = nil
                matches.append(Result(best: record, intensity: similarity, first: record.ts, last: record.ts, count: 1))
            }
        }
        let ranked = grouped(matches, byTrack: query.groupByTrack).sorted { $0.key(.intensity) < $1.key(.intensity) }
        return .success(Array(ranked.prefix(query.k)))
    }

    /// Cosine similarity, nil for a vector of another length or without direction.
    private static func cosine(_ example: [Float], _ norm: Double, _ other: [Float]) -> Double? {
        guard other.count == example.count else { return nil }
        var dot = 0.0, squares = 0.0
        for index in example.indices {
            dot += Double(example[index]) * Double(other[index])
            squares += Double(other[index]) * Double(other[index])
        }
        return squares > 0 ? dot / (norm * sqrt(squares)) : nil
    }
}
