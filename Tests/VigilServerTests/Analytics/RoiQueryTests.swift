import Foundation
import Testing
import VigilClient
import VigilCore

/// ROI queries against a brute-force reading of the same generated detections: every detection is
/// checked against every region by VigilCore's geometry, grouped and ranked here, and the hub's
/// pages, read to the end, must say exactly the same.
@Suite(.timeLimit(.minutes(4))) struct RoiQueryTests {
    /// What the generator published, as the brute force reads it.
    struct Published {
        let camera: String
        let frame: FrameSize
        let detection: Detection
    }

    /// One expected result: the group's best frame (by its unique time), intensity, first, last, count.
    struct Expected: Equatable, CustomStringConvertible {
        let ts: Int64
        let intensity: Double
        let first: Int64
        let last: Int64
        let count: Int
        var description: String { "\(ts)@\(intensity) [\(first)-\(last)]x\(count)" }
    }

    @Test func pagedResultsMatchABruteForceReadingOfGeneratedDetections() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            var random = SeededRandom(seed: 17)
            let published = try await publishGenerated(hub, &random)
            let room = hub.client("operator")
            var roundsWithResults = 0
            for round in 0..<60 {
                let query = randomQuery(&random)
                let expected = bruteForce(query, over: published)
                let pageSize = random.pick([1, 3, 7, 50, 500])
                var data = query.json
                data["limit"] = .number(Double(pageSize))
                var got: [Expected] = []
                var pages = 0
                while true {
                    let answer: JSONValue
                    if round % 5 == 0 {
                        let http = try await hub.roi(.object(data))
                        #expect(http.status == 200, "\(http.body)")
                        answer = json(http.body)
                    } else {
                        answer = try await room.query(topic: "detections/hq", type: "roi", data: .object(data))
                    }
                    let results = answer["results"]?.arrayValue ?? []
                    #expect(results.count <= pageSize)
                    #expect(answer["total"]?.numberValue == Double(expected.count))
                    got += results.map { result in
                        Expected(
                            ts: Int64(result["ts"]?.numberValue ?? -1), intensity: result["intensity"]?.numberValue ?? -1,
                            first: Int64(result["first"]?.numberValue ?? -1), last: Int64(result["last"]?.numberValue ?? -1),
                            count: Int(result["count"]?.numberValue ?? -1))
                    }
                    pages += 1
                    guard let next = answer["next"]?.stringValue, pages <= expected.count else { break }
                    data["cursor"] = .string(next)
                }
                #expect(got == expected, "round \(round): \(query.json)")
                if !expected.isEmpty { roundsWithResults += 1 }
            }
            #expect(roundsWithResults >= 30, "the generated queries mostly find something: \(roundsWithResults) of 60")
            await room.close()
        }
    }

    @Test func badQueriesAreRefusedNamingWhatIsWrong() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            let base: [String: JSONValue] = [
                "cameras": ["lobby"], "from": .number(Double(detectionTime(0))), "to": .number(Double(detectionTime(60_000))),
                "regions": [["rect": ["x": 0, "y": 0, "width": 100, "height": 100]]],
            ]
            func with(_ changes: [String: JSONValue]) -> JSONValue { .object(base.merging(changes) { $1 }) }
            let bowTie: JSONValue = ["lasso": [["x": 0, "y": 0], ["x": 100, "y": 100], ["x": 100, "y": 0], ["x": 0, "y": 100]]]
            let cases: [(String, JSONValue, String, String)] = [
                ("a self-intersecting lasso", with(["regions": [bowTie]]), "invalid_data", "regions[0]: the polygon crosses itself"),
                ("a polygon of two points", with(["regions": [["polygon": [["x": 0, "y": 0], ["x": 5, "y": 5]]]]]), "invalid_data", "regions[0]"),
                ("a rectangle without area", with(["regions": [["rect": ["x": 0, "y": 0, "width": 0, "height": 10]]]]), "invalid_data", "regions[0]"),
                ("a shape of no known kind", with(["regions": [["circle": ["r": 3]]]]), "invalid_data", "regions[0]"),
                ("no regions", with(["regions": []]), "invalid_data", "data.regions"),
                ("seventeen regions", with(["regions": .array(Array(repeating: base["regions"]!.arrayValue![0], count: 17))]), "invalid_data", "data.regions"),
                ("a time range backwards", with(["to": .number(Double(detectionTime(-1)))]), "invalid_data", "data.to"),
                ("no time range", .object(base.filter { $0.key != "from" }), "invalid_data", "data.from"),
                ("an unknown camera", with(["cameras": ["roof"]]), "not_found", "roof"),
                ("no camera", with(["cameras": []]), "invalid_data", "data.cameras"),
                ("an intensity over 1", with(["rule": ["intensity": 1.5]]), "invalid_data", "data.rule"),
                ("an unknown anchor", with(["rule": ["anchor": "top-left"]]), "invalid_data", "data.rule"),
                ("an unknown order", with(["order": "size"]), "invalid_data", "data.order"),
                ("a limit over 500", with(["limit": 501]), "invalid_data", "data.limit"),
                ("a forged cursor", with(["cursor": "i.1.2"]), "invalid_data", "data.cursor"),
                ("a cursor of the other order", with(["cursor": "t.0.1.2"]), "invalid_data", "data.cursor"),
                ("a view of no size", with(["view": ["width": 0, "height": 10]]), "invalid_data", "data.view"),
            ]
            for (what, data, code, named) in cases {
                do {
                    _ = try await room.query(topic: "detections/hq", type: "roi", data: data)
                    Issue.record("\(what) was answered")
                } catch ClientError.refused(let info) {
                    #expect(info.code == code && info.message.contains(named), "\(what): \(info.code) \(info.message)")
                }
                let http = json(try await hub.roi(data).body)
                #expect(http["code"]?.stringValue == code, "\(what) over HTTP: \(http)")
            }
            let (device, outsider) = (hub.client("device"), hub.client("guard-depot"))
            #expect(await refusalCode { _ = try await device.query(topic: "detections/hq", type: "roi", data: with([:])) } == "forbidden")
            #expect(await refusalCode { _ = try await outsider.query(topic: "detections/hq", type: "roi", data: with([:])) } == "forbidden")
            #expect(await refusalCode { _ = try await room.query(topic: "detections/hq/lobby", type: "roi", data: with([:])) } == "invalid_topic")
            #expect(await refusalCode { _ = try await room.query(topic: "detections/hq", type: "heatmap", data: with([:])) } == "unknown_type")
            #expect(try await hub.roi(with([:]), site: "depot", as: "guard").status == 403)
            #expect(try await hub.roi(with([:]), site: "depot", as: "admin").status == 404, "depot has no cameras")
            for client in [room, device, outsider] { await client.close() }
        }
    }

    // MARK: - Generated data

    private func publishGenerated(_ hub: TestHub, _ random: inout SeededRandom) async throws -> [Published] {
        let backend = hub.client("device")
        var published: [Published] = []
        var offsets = Array(Set((0..<1200).map { _ in Int64.random(in: 0..<3_600_000, using: &random) })).shuffled(using: &random)
        for (camera, frame) in [("lobby", (640, 480)), ("dock", (320, 240))] {
            let size = try FrameSize(width: frame.0, height: frame.1)
            for _ in 0..<12 {
                var batch: [Detection] = []
                for _ in 0..<40 {
                    guard let offset = offsets.popLast() else { break }
                    let width = Double(Int.random(in: 4...(frame.0 / 3), using: &random))
                    let height = Double(Int.random(in: 4...(frame.1 / 2), using: &random))
                    let x = Double(Int.random(in: 0...(frame.0 - Int(width)), using: &random)) + random.pick([0, 0.5])
                    let y = Double(Int.random(in: 0...(frame.1 - Int(height)), using: &random))
                    let box = Rect(x: min(x, Double(frame.0) - width), y: y, width: width, height: height)
                    batch.append(detection(
                        at: offset, box, label: random.pick(["person", "person", "car"]), score: Double(Int.random(in: 0...100, using: &random)) / 100,
                        track: random.chance(0.85) ? Int.random(in: 0..<12, using: &random) : nil))
                }
                _ = try await backend.request(.publish(topic: "detections/hq/\(camera)", type: "batch", data: try batchJSON(camera: camera, frame: frame, batch)))
                published += batch.map { Published(camera: camera, frame: size, detection: $0) }
            }
        }
        await backend.close()
        return published
    }

    struct Query {
        var cameras: [String]
        var from: Int64
        var to: Int64
        var regions: [RegionOfInterest]
        var regionJSON: [JSONValue]
        var view: FrameSize?
        var matchAll: Bool
        var intensity: Double?
        var anchor: String
        var labels: [String]?
        var minScore: Double
        var byTime: Bool
        var grouped: Bool

        var json: [String: JSONValue] {
            var data: [String: JSONValue] = [
                "cameras": .array(cameras.map(JSONValue.string)), "from": .number(Double(detectionTime(from))), "to": .number(Double(detectionTime(to))),
                "regions": .array(regionJSON), "match": matchAll ? "all" : "any", "minScore": .number(minScore),
                "order": byTime ? "time" : "intensity", "group": grouped ? "track" : "none",
                "rule": intensity.map { ["intensity": .number($0)] } ?? ["anchor": .string(anchor)],
            ]
            data["labels"] = labels.map { .array($0.map(JSONValue.string)) }
            data["view"] = view.map { ["width": .number(Double($0.width)), "height": .number(Double($0.height))] }
            return data
        }
    }

    private func randomQuery(_ random: inout SeededRandom) -> Query {
        let view = random.chance(0.3) ? try? FrameSize(width: 1280, height: 960) : nil
        let (width, height) = view.map { (Double($0.width), Double($0.height)) } ?? (640, 480)
        var regions: [RegionOfInterest] = []
        var regionJSON: [JSONValue] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let center = Point(x: random.uniform(0...width), y: random.uniform(0...height))
            if random.chance(0.5) {
                let rect = Rect(x: center.x, y: center.y, width: random.uniform(20...width / 2), height: random.uniform(20...height / 2))
                regions.append(.rect(rect))
                regionJSON.append(["rect": ["x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height)]])
            } else {
                // A star around a centre: vertices by increasing angle make a simple polygon.
                let angles = (0..<Int.random(in: 3...9, using: &random)).map { _ in random.uniform(0...(2 * Double.pi)) }.sorted()
                let points = angles.map { angle in
                    let radius = random.uniform(10...min(width, height) / 2)
                    return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                }
                guard let polygon = try? Polygon(points) else { continue }
                regions.append(.polygon(polygon))
                regionJSON.append(["polygon": .array(polygon.vertices.map { ["x": .number($0.x), "y": .number($0.y)] })])
            }
        }
        if regions.isEmpty {
            regions = [.rect(Rect(x: 0, y: 0, width: width, height: height))]
            regionJSON = [["rect": ["x": 0, "y": 0, "width": .number(width), "height": .number(height)]]]
        }
        let from = Int64.random(in: 0..<2_400_000, using: &random)
        return Query(
            cameras: random.pick([["lobby"], ["dock"], ["lobby", "dock"]]), from: from, to: from + max(1, Int64.random(in: 1...3_600_000, using: &random) / random.pick([1, 1, 1, 1000])),
            regions: regions, regionJSON: regionJSON, view: view, matchAll: random.chance(0.3),
            intensity: random.chance(0.6) ? random.pick([0, 0.25, 0.5, 1, random.uniform(0...1)]) : nil,
            anchor: random.pick(["bottom-center", "center"]), labels: random.chance(0.3) ? ["person"] : nil,
            minScore: random.chance(0.3) ? 0.5 : 0, byTime: random.chance(0.5), grouped: random.chance(0.7))
    }

    // MARK: - Brute force

    private func bruteForce(_ query: Query, over published: [Published]) -> [Expected] {
        struct Match {
            let camera: String
            let detection: Detection
            let intensity: Double
        }
        var matches: [Match] = []
        for item in published where query.cameras.contains(item.camera) {
            let ts = item.detection.milliseconds
            guard ts >= detectionTime(query.from), ts < detectionTime(query.to), item.detection.score >= query.minScore,
                query.labels?.contains(item.detection.label) ?? true
            else { continue }
            let regions = query.view.map { view in query.regions.map(FrameScaling(from: view, to: item.frame).apply) } ?? query.regions
            let box = item.detection.box
            let inside = regions.map { region in
                if let least = query.intensity {
                    let intensity = region.intensity(of: box)
                    return intensity > 0 && intensity >= least
                }
                let point = query.anchor == "center" ? Point(x: box.x + box.width / 2, y: box.y + box.height / 2) : Point(x: box.x + box.width / 2, y: box.y + box.height)
                return region.contains(point)
            }
            let intensities = regions.map { $0.intensity(of: box) }
            if query.matchAll {
                guard inside.allSatisfy({ $0 }) else { continue }
                matches.append(Match(camera: item.camera, detection: item.detection, intensity: intensities.min()!))
            } else {
                guard inside.contains(true) else { continue }
                matches.append(Match(camera: item.camera, detection: item.detection, intensity: zip(inside, intensities).filter(\.0).map(\.1).max()!))
            }
        }
        var groups: [String: [Match]] = [:]
        for match in matches {
            let key = query.grouped ? match.detection.trackID.map { "\(match.camera)#\($0)" } : nil
            groups[key ?? "ts\(match.detection.milliseconds)", default: []].append(match)
        }
        let expected = groups.values.map { members -> Expected in
            let best = members.min { ($0.intensity, -$0.detection.milliseconds) > ($1.intensity, -$1.detection.milliseconds) }!
            let times = members.map(\.detection.milliseconds)
            return Expected(ts: best.detection.milliseconds, intensity: best.intensity, first: times.min()!, last: times.max()!, count: members.count)
        }
        return expected.sorted { left, right in
            query.byTime ? (left.first, left.ts) < (right.first, right.ts) : (-left.intensity, left.ts) < (-right.intensity, right.ts)
        }
    }
}
