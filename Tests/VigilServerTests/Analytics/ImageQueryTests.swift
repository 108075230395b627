import Foundation
import Testing
import VigilClient
import VigilCore

/// Image queries against a brute-force cosine ranking of the same generated vectors.
@Suite(.timeLimit(.minutes(10))) struct ImageQueryTests {
    struct Stored {
        let id: Int64
        let camera: String
        let ts: Int64
        let track: Int?
        let vector: [Float]
    }

    @Test func theNearestDetectionsAreThoseABruteForceCosineRankingFinds() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let thumbnail = try #require(json(try await hub.upload(fixtureImage("snapshot.jpg")).body)["hash"]?.stringValue)
            let room = hub.client("operator")
            let overlay = try await room.subscribe("detections/hq/+")
            let backend = hub.client("device")
            var random = SeededRandom(seed: 53)
            var stored: [Stored] = []
            var offset: Int64 = 0
            for batchIndex in 0..<8 {
                let camera = batchIndex % 2 == 0 ? "lobby" : "dock"
                var batch: [Detection] = []
                for index in 0..<40 {
                    offset += Int64.random(in: 1...20_000, using: &random)
                    let vector = (0..<8).map { _ in Float(random.uniform(-1...1)) }
                    batch.append(
                        detection(
                            at: offset, Rect(x: 10, y: 10, width: 20, height: 40),
                            track: random.chance(0.8) ? Int.random(in: 0..<15, using: &random) : nil,
                            thumbnail: batchIndex == 3 && index == 7 ? thumbnail : nil, appearance: vector))
                }
                _ = try await backend.request(
                    .publish(
                        topic: "detections/hq/\(camera)", type: "batch",
                        data: try batchJSON(camera: camera, frame: camera == "lobby" ? (640, 480) : (320, 240), batch)))
                let told = try await collect(1, from: overlay)[0].data["detections"]?.arrayValue ?? []
                stored += zip(told, batch).map { item, detection in
                    Stored(
                        id: Int64(item["id"]?.numberValue ?? -1), camera: camera, ts: detection.milliseconds, track: detection.trackID,
                        vector: detection.appearance ?? [])
                }
            }
            let withThumbnail = stored[3 * 40 + 7]
            for round in 0..<30 {
                var data: [String: JSONValue] = [:]
                let example: [Float]
                var excluded: Int64?
                switch round % 3 {
                case 0:
                    example = (0..<8).map { _ in Float(random.uniform(-1...1)) }
                    data["vector"] = .array(example.map { .number(Double($0)) })
                case 1:
                    let chosen = random.pick(stored)
                    (example, excluded) = (chosen.vector, chosen.id)
                    data["detection"] = .number(Double(chosen.id))
                default:
                    (example, excluded) = (withThumbnail.vector, withThumbnail.id)
                    data["thumbnail"] = .string(thumbnail)
                }
                let from = Int64.random(in: 0...(offset / 2), using: &random)
                let to = from + Int64.random(in: 1...offset, using: &random)
                data["from"] = .number(Double(detectionTime(from)))
                data["to"] = .number(Double(detectionTime(to)))
                let k = random.pick([1, 5, 20, 100])
                data["k"] = .number(Double(k))
                let grouped = random.chance(0.7)
                data["group"] = grouped ? "track" : "none"
                var cameras = ["lobby", "dock"]
                if random.chance(0.3) {
                    data["near"] = "lobby"
                    cameras = ["dock"]
                } else if random.chance(0.3) {
                    data["cameras"] = ["lobby"]
                    cameras = ["lobby"]
                }
                let answer = try await room.query(topic: "detections/hq", type: "similar", data: .object(data))
                let got = (answer["results"]?.arrayValue ?? []).map { (Int64($0["id"]?.numberValue ?? -1), $0["similarity"]?.numberValue ?? -2) }

                let candidates = stored.filter {
                    cameras.contains($0.camera) && $0.ts >= detectionTime(from) && $0.ts < detectionTime(to) && $0.id != excluded
                }.map { ($0, cosine(example, $0.vector)) }
                let groups = Dictionary(grouping: candidates) { item in
                    grouped ? item.0.track.map { "\(item.0.camera)#\($0)" } ?? "id\(item.0.id)" : "id\(item.0.id)"
                }
                let expected = groups.values.map { members in members.min { ($0.1, -$0.0.ts) > ($1.1, -$1.0.ts) }! }
                    .sorted { ($0.1, -$0.0.ts) > ($1.1, -$1.0.ts) }.prefix(k).map { ($0.0.id, $0.1) }
                #expect(got.map(\.0) == expected.map(\.0), "round \(round): \(data)")
                #expect(zip(got, expected).allSatisfy { abs($0.1 - $1.1) < 1e-9 }, "round \(round)")
            }
            for client in [room, backend] { await client.close() }
        }
    }

    @Test func badImageQueriesAreRefused() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let backend = hub.client("device")
            _ = try await backend.request(
                .publish(
                    topic: "detections/hq/lobby", type: "batch",
                    data: try batchJSON(
                        camera: "lobby", frame: (640, 480),
                        [
                            detection(at: 0, Rect(x: 10, y: 10, width: 20, height: 40), track: 1, appearance: [1, 0, 0])
                        ])))
            let room = hub.client("operator")
            let window: [String: JSONValue] = ["from": .number(Double(detectionTime(0))), "to": .number(Double(detectionTime(1000)))]
            func with(_ changes: [String: JSONValue]) -> JSONValue { .object(window.merging(changes) { $1 }) }
            let cases: [(String, JSONValue, String)] = [
                ("no example", with([:]), "invalid_data"),
                ("two examples", with(["vector": [1, 0, 0], "detection": 1]), "invalid_data"),
                ("a vector of the wrong length", with(["vector": [1, 0]]), "invalid_data"),
                ("a vector without direction", with(["vector": [0, 0, 0]]), "invalid_data"),
                ("an unknown detection", with(["detection": 999]), "not_found"),
                ("an unknown thumbnail", with(["thumbnail": .string(String(repeating: "ab", count: 32))]), "not_found"),
                ("an unknown camera", with(["vector": [1, 0, 0], "cameras": ["roof"]]), "not_found"),
                ("near an unknown camera", with(["vector": [1, 0, 0], "near": "roof"]), "not_found"),
                ("cameras and near", with(["vector": [1, 0, 0], "cameras": ["lobby"], "near": "lobby"]), "invalid_data"),
                ("k of 0", with(["vector": [1, 0, 0], "k": 0]), "invalid_data"),
                ("a time range backwards", with(["vector": [1, 0, 0], "to": .number(Double(detectionTime(-1)))]), "invalid_data"),
            ]
            for (what, data, code) in cases {
                #expect(await refusalCode { _ = try await room.query(topic: "detections/hq", type: "similar", data: data) } == code, "\(what)")
            }
            let found = try await room.query(topic: "detections/hq", type: "similar", data: with(["vector": [2, 0, 0]]))
            #expect(found["results"]?.arrayValue?.first?["similarity"] == 1, "the same direction is similarity 1: \(found)")
            for client in [room, backend] { await client.close() }
        }
    }

    private func cosine(_ a: [Float], _ b: [Float]) -> Double {
        let norm = sqrt(a.reduce(0) { $0 + Double($1) * Double($1) })
        var dot = 0.0
        var squares = 0.0
        for index in a.indices {
            dot += Double(a[index]) * Double(b[index])
            squares += Double(b[index]) * Double(b[index])
        }
        return dot / (norm * sqrt(squares))
    }
}
