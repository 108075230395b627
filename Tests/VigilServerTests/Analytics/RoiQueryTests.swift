import Foundation
import Testing
import VigilClient
import VigilCore

/// ROI queries against a brute-force reading of the same generated detections: every detection is
/// checked against every region by VigilCore's geometry, grouped and ranked here, and the hub's
/// pages, read to the end, must say exactly the same.
@Suite(.timeLimit(.minutes(10))) struct RoiQueryTests {
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
            let generated = try await GeneratedDetections.publish(hub, &random)
            let room = hub.client("operator")
            var roundsWithResults = 0
            for round in 0..<60 {
                let query = GeneratedDetections.Query.random(&random)
                let (byTime, grouped) = (random.chance(0.5), random.chance(0.7))
                let expected = ranked(generated.matches(query), byTime: byTime, grouped: grouped)
                let pageSize = random.pick([1, 3, 7, 50, 500])
                var data = query.json
                data["order"] = byTime ? "time" : "intensity"
                data["group"] = grouped ? "track" : "none"
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

    @Test func aBoxSpanningRegionsThatDoNotMeetIsInAllOfThem() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let backend = hub.client("device")
            _ = try await backend.request(
                .publish(
                    topic: "detections/hq/lobby", type: "batch",
                    data: try batchJSON(
                        camera: "lobby", frame: (640, 480),
                        [
                            detection(at: 0, Rect(x: 50, y: 100, width: 400, height: 100), track: 1)
                        ])))
            let room = hub.client("operator")
            var selection = DetectionSelection(
                cameras: ["lobby"], from: detectionTime(0), to: detectionTime(1000),
                regions: [.rect(Rect(x: 0, y: 0, width: 100, height: 480)), .rect(Rect(x: 400, y: 0, width: 100, height: 480))], match: .allRegions,
                rule: .intensity(0.1))
            #expect(try await room.roi(site: "hq", RoiQueryData(selection)).total == 1, "an eighth of the box in each")
            selection.rule = .anchor(.center)
            #expect(try await room.roi(site: "hq", RoiQueryData(selection)).total == 0, "one point cannot lie in both")
            for client in [room, backend] { await client.close() }
        }
    }

    /// The box index keeps 32-bit floats, and a box's anchor is ruled out on them before its row is
    /// read: boxes whose anchor lies on a region's edge, or a hair either side of it, at coordinates
    /// no 32-bit float holds, are found exactly as a reading of every box finds them.
    @Test func anchorsOnARegionsEdgesAreJudgedExactlyAsABruteForceReadingJudgesThem() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let region = Rect(x: 100.3, y: 150.7, width: 200.1, height: 150.3)
            var boxes: [Rect] = []
            for (x, y) in [(region.minX, 220.1), (region.maxX, 220.1), (200.7, region.minY), (200.7, region.maxY)] {
                for nudge in [-1e-4, -1e-9, 0, 1e-9, 1e-4] {
                    // Bottom-centre, then centre, at the nudged point.
                    boxes.append(Rect(x: x + nudge - 20.05, y: y + nudge - 80.3, width: 40.1, height: 80.3))
                    boxes.append(Rect(x: x + nudge - 20.05, y: y + nudge - 40.15, width: 40.1, height: 80.3))
                }
            }
            let backend = hub.client("device")
            _ = try await backend.request(
                .publish(
                    topic: "detections/hq/lobby", type: "batch",
                    data: try batchJSON(
                        camera: "lobby", frame: (640, 480), boxes.enumerated().map { detection(at: Int64($0.offset), $0.element) })))
            let room = hub.client("operator")
            let anchors: [(RoiAnchor, (Rect) -> Point)] = [
                (.bottomCenter, { Point(x: $0.x + $0.width / 2, y: $0.maxY) }),
                (.center, { Point(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2) }),
            ]
            for (anchor, point) in anchors {
                let query = RoiQueryData(
                    DetectionSelection(
                        cameras: ["lobby"], from: detectionTime(0), to: detectionTime(1000), regions: [.rect(region)], rule: .anchor(anchor)),
                    group: .perDetection, limit: 500)
                let expected = boxes.filter { region.contains(point($0)) }.count
                #expect(expected >= 12, "the edges hold some of the anchors: \(expected)")
                #expect(try await room.roi(site: "hq", query).total == expected, "\(anchor)")
            }
            for client in [room, backend] { await client.close() }
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
                (
                    "a rectangle without area", with(["regions": [["rect": ["x": 0, "y": 0, "width": 0, "height": 10]]]]), "invalid_data",
                    "regions[0]"
                ),
                ("a shape of no known kind", with(["regions": [["circle": ["r": 3]]]]), "invalid_data", "regions[0]"),
                ("no regions", with(["regions": []]), "invalid_data", "data.regions"),
                (
                    "seventeen regions", with(["regions": .array(Array(repeating: base["regions"]!.arrayValue![0], count: 17))]), "invalid_data",
                    "data.regions"
                ),
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

    /// The brute force's matches grouped (or not) and ranked as the protocol says.
    private func ranked(_ matches: [GeneratedDetections.Match], byTime: Bool, grouped: Bool) -> [Expected] {
        let groups = Dictionary(grouping: matches) { grouped ? $0.object : "ts\($0.detection.milliseconds)" }
        let expected = groups.values.map { members -> Expected in
            let best = members.min { ($0.intensity, -$0.detection.milliseconds) > ($1.intensity, -$1.detection.milliseconds) }!
            let times = members.map(\.detection.milliseconds)
            return Expected(ts: best.detection.milliseconds, intensity: best.intensity, first: times.min()!, last: times.max()!, count: members.count)
        }
        return expected.sorted { left, right in
            byTime ? (left.first, left.ts) < (right.first, right.ts) : (-left.intensity, left.ts) < (-right.intensity, right.ts)
        }
    }
}
