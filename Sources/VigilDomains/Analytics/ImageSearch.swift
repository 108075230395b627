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
        // Groups of light entries first (a window may hold a million vectors); whole records for the k kept.
        struct Group {
            var id: Int64
            var ts: Int64
            var value: Double
            var first: Int64
            var last: Int64
            var count: Int
        }
        var groups: [String: Group] = [:]
        for camera in Set(cameras).sorted() {
            guard let key = try transaction.existingDetectionCameraKey(site: site, camera: camera) else { continue }
            let measured = try transaction.measureAppearances(cameraKey: key, from: query.from, to: query.to) { cosine(example, norm, $0) }
            for entry in measured where entry.id != excluded {
                let name = query.groupByTrack ? entry.track.map { "\(camera)#\($0)" } ?? "id\(entry.id)" : "id\(entry.id)"
                guard var group = groups[name] else {
                    groups[name] = Group(id: entry.id, ts: entry.ts, value: entry.value, first: entry.ts, last: entry.ts, count: 1)
                    continue
                }
                if (entry.value, -entry.ts, -entry.id) > (group.value, -group.ts, -group.id) {
                    (group.id, group.ts, group.value) = (entry.id, entry.ts, entry.value)
                }
                (group.first, group.last, group.count) = (min(group.first, entry.ts), max(group.last, entry.ts), group.count + 1)
                groups[name] = group
            }
        }
        let kept = groups.values.sorted { ($0.value, -$0.ts, -$0.id) > ($1.value, -$1.ts, -$1.id) }.prefix(query.k)
        let records = Dictionary(uniqueKeysWithValues: try transaction.detections(kept.map(\.id)).map { ($0.id, $0) })
        return .success(kept.compactMap { group in
            records[group.id].map { Result(best: $0, intensity: group.value, first: group.first, last: group.last, count: group.count) }
        })
    }

    /// Cosine similarity with a vector kept as 32-bit floats, nil for one of another length or without direction.
    private static func cosine(_ example: [Float], _ norm: Double, _ bytes: UnsafeRawBufferPointer) -> Double? {
        guard bytes.count == example.count * MemoryLayout<Float>.size else { return nil }
        var dot = 0.0, squares = 0.0
        for index in example.indices {
            let value = Double(bytes.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.size, as: Float.self))
            dot += Double(example[index]) * value
            squares += value * value
        }
        return squares > 0 ? dot / (norm * sqrt(squares)) : nil
    }
}
