import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct WatchZoneTests {
    private func publish(_ client: VigilClient, camera: String = "lobby", _ detections: [Detection]) async throws {
        _ = try await client.request(
            .publish(topic: "detections/hq/\(camera)", type: "batch", data: try batchJSON(camera: camera, frame: (640, 480), detections)))
    }

    @Test func anAreaTellsEachDetectionItHoldsAndRaisesOneLoiteringAlertPerStay() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let thumbnail = try #require(json(try await hub.upload(fixtureImage("snapshot.jpg")).body)["hash"]?.stringValue)
            let room = hub.client("operator")
            _ = try await room.request(
                .publish(
                    topic: "zones/hq/gate", type: "define",
                    data: [
                        "camera": "lobby", "regions": [["rect": ["x": 100, "y": 100, "width": 200, "height": 200]]], "rule": ["intensity": 0.5],
                        "dwell": "30s", "labels": ["person"],
                    ]))
            let zone = try await room.subscribe("zones/hq/gate")
            let state = try await collect(1, from: zone)[0]
            #expect(state.type == "state" && state.data["zone"]?["camera"] == "lobby" && state.data["zone"]?["dwell"] == "30s")
            #expect(state.data["zone"]?["definedBy"] == "olga" && state.data["head"] == 1)
            let alerts = try await room.subscribe("alerts/hq")
            #expect(try await collect(1, from: alerts)[0].type == "state")

            let backend = hub.client("device")
            let inside = Rect(x: 150, y: 150, width: 40, height: 80)
            try await publish(
                backend,
                [
                    detection(at: 0, inside, track: 5, thumbnail: thumbnail),
                    detection(at: 1, Rect(x: 500, y: 300, width: 40, height: 80), track: 6),
                    detection(at: 2, inside, label: "car", track: 7),
                    detection(at: 3, Rect(x: 290, y: 150, width: 40, height: 80), track: 8),
                ])
            try await hub.advance(by: .seconds(1))
            let first = try await collect(1, from: zone)[0]
            #expect(first.type == "zone.detections" && first.seq == 2 && first.from == "vigil/0.1")
            let told = first.data["detections"]?.arrayValue ?? []
            #expect(told.map { $0["track"] } == [5], "outside, a car, or half out under an intensity of 0.5: not told")
            #expect(told.first?["intensity"] == 1 && told.first?["camera"] == "lobby" && told.first?["thumbnail"]?.stringValue == thumbnail)

            try await publish(backend, [detection(at: 20_000, inside, track: 5), detection(at: 31_000, inside, track: 5, thumbnail: thumbnail)])
            try await hub.advance(by: .seconds(1))
            let next = try await collect(2, from: zone)
            let told2 = try #require(next.first { $0.type == "zone.detections" })
            #expect(told2.data["detections"]?.arrayValue?.count == 2)
            let loitering = try #require(next.first { $0.type == "alert.raised" })
            #expect(loitering.data["alert"]?["kind"] == "loitering" && loitering.data["track"] == 5 && loitering.data["zone"] == "gate")
            #expect(loitering.data["alert"]?["thumbnails"] == [.string(thumbnail)])
            #expect(loitering.data["alert"]?["message"]?.stringValue?.contains("stayed 31s") == true, "\(loitering.data)")
            let raised = try await collect(1, from: alerts)[0]
            #expect(
                raised.type == "alert.raised" && raised.data["alert"]?["id"] == loitering.data["alert"]?["id"], "the same alert in the alerts domain")

            // Staying on is one stay: no second alert. Gone longer than the dwell time, a new stay begins.
            try await publish(backend, [detection(at: 50_000, inside, track: 5)])
            try await hub.advance(by: .seconds(1))
            #expect(try await collect(1, from: zone)[0].type == "zone.detections")
            try await publish(
                backend,
                [detection(at: 90_000, inside, track: 5), detection(at: 110_000, inside, track: 5), detection(at: 125_000, inside, track: 5)])
            try await hub.advance(by: .seconds(1))
            let again = try await collect(2, from: zone)
            #expect(again.map(\.type).sorted() == ["alert.raised", "zone.detections"])
            try await hub.advance(by: .seconds(1))
            #expect(try await room.history(topic: "zones/hq/gate").count == 7, "nothing more to tell: no empty event")
            #expect(
                await refusalCode { _ = try await room.request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "loitering"])) }
                    == "invalid_data")

            _ = try await room.request(.publish(topic: "zones/hq/gate", type: "remove", data: [:]))
            try await publish(backend, [detection(at: 200_000, inside, track: 9)])
            try await hub.advance(by: .seconds(1))
            let removed = try await collect(1, from: zone)[0]
            #expect(removed.type == "zone.removed")
            #expect(try await room.history(topic: "zones/hq/gate").last?.type == "zone.removed", "a removed zone watches nothing")
            for client in [room, backend] { await client.close() }
        }
    }

    @Test func lineCrossingsAreCountedPerHourAsABruteForceCountOfTheSameWalks() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            let line: JSONValue = ["from": ["x": 120, "y": 400], "to": ["x": 520, "y": 90]]
            _ = try await room.request(
                .publish(topic: "zones/hq/door", type: "define", data: ["camera": "lobby", "line": line, "direction": "left-to-right"]))
            _ = try await room.request(.publish(topic: "zones/hq/door-both", type: "define", data: ["camera": "lobby", "line": line]))

            var random = SeededRandom(seed: 41)
            var points = (0..<12).map { _ in Point(x: random.uniform(10...630), y: random.uniform(40...480)) }
            var expected: [String: Int] = [:]
            let backend = hub.client("device")
            for step in 0..<40 {
                var batch: [Detection] = []
                for track in points.indices {
                    let before = points[track]
                    let after = Point(
                        x: min(630, max(10, before.x + random.uniform(-90...90))), y: min(480, max(40, before.y + random.uniform(-90...90))))
                    points[track] = after
                    let time = Int64(step) * 180_000 + Int64(track)
                    batch.append(detection(at: time, Rect(x: after.x - 10, y: after.y - 40, width: 20, height: 40), track: track))
                    if step > 0, let direction = crossing(before, after, Point(x: 120, y: 400), Point(x: 520, y: 90)) {
                        expected["\(detectionTime(time) / 3_600_000 * 3_600_000) \(direction)", default: 0] += 1
                    }
                }
                try await publish(backend, batch)
                try await hub.advance(by: .seconds(1))
            }
            // Each crossing is told once, in the tick after its batch.
            func told(_ zone: String) async throws -> Int {
                try await room.history(topic: "zones/hq/\(zone)", limit: 500).filter { $0.type == "zone.crossings" }
                    .reduce(0) { $0 + ($1.data["crossings"]?.arrayValue?.count ?? 0) }
            }
            let leftToRight = expected.filter { $0.key.hasSuffix("left-to-right") }.values.reduce(0, +)
            #expect(leftToRight > 5 && expected.values.reduce(0, +) > leftToRight, "the walks cross both ways: \(expected)")
            #expect(try await told("door") == leftToRight)
            #expect(try await told("door-both") == expected.values.reduce(0, +))
            let crossings = try await room.history(topic: "zones/hq/door", limit: 500).flatMap { $0.data["crossings"]?.arrayValue ?? [] }
            #expect(
                crossings.allSatisfy { $0["direction"] == "left-to-right" && $0["camera"] == "lobby" && $0["id"]?.numberValue != nil },
                "each crossing is the detection with its id, camera and direction")

            let later = hub.client("guard")
            let state = try await collect(1, from: try await later.subscribe("zones/hq/door-both"))[0]
            var counted: [String: Int] = [:]
            for count in state.data["counts"]?.arrayValue ?? [] {
                counted["\(Int64(count["hour"]?.numberValue ?? 0)) \(count["direction"]?.stringValue ?? "")"] = Int(count["count"]?.numberValue ?? 0)
            }
            #expect(counted == expected, "per hour and direction")
            for client in [room, backend, later] { await client.close() }
        }
    }

    @Test func badZonesAreRefusedAndChangeNothing() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            let area = lobbyArea
            _ = try await room.request(.publish(topic: "zones/hq/gate", type: "define", data: .object(area)))
            let before = try await hub.analyticsRowCounts()
            let with = lobbyArea(with:)
            let (guardClient, backend) = (hub.client("guard"), hub.client("device"))
            let cases: [(String, VigilClient, String, String, JSONValue, String)] = [
                ("an unknown camera", room, "zones/hq/gate", "define", with(["camera": "roof"]), "not_found"),
                (
                    "a self-intersecting lasso", room, "zones/hq/gate", "define",
                    with(["regions": [["lasso": [["x": 0, "y": 0], ["x": 9, "y": 9], ["x": 9, "y": 0], ["x": 0, "y": 9]]]]]), "invalid_data"
                ),
                (
                    "a line of one point", room, "zones/hq/gate", "define",
                    with(["regions": nil, "line": ["from": ["x": 1, "y": 1], "to": ["x": 1, "y": 1]]]), "invalid_data"
                ),
                (
                    "a line and regions", room, "zones/hq/gate", "define", with(["line": ["from": ["x": 1, "y": 1], "to": ["x": 5, "y": 1]]]),
                    "invalid_data"
                ),
                (
                    "an unknown direction", room, "zones/hq/gate", "define",
                    with(["regions": nil, "line": ["from": ["x": 1, "y": 1], "to": ["x": 5, "y": 1]], "direction": "up"]), "invalid_data"
                ),
                ("a dwell under a second", room, "zones/hq/gate", "define", with(["dwell": "500ms"]), "invalid_data"),
                ("no camera", room, "zones/hq/gate", "define", with(["camera": nil]), "invalid_data"),
                ("removing an unknown zone", room, "zones/hq/none", "remove", [:], "not_found"),
                ("a zone topic without a zone", room, "zones/hq", "define", with([:]), "invalid_topic"),
                ("an unknown type", room, "zones/hq/gate", "watch", with([:]), "unknown_type"),
                ("a guard", guardClient, "zones/hq/gate", "define", with([:]), "forbidden"),
                ("a device", backend, "zones/hq/gate", "remove", [:], "forbidden"),
                ("another site", room, "zones/depot/gate", "define", with([:]), "forbidden"),
            ]
            for (what, client, topic, type, data, code) in cases {
                #expect(await refusalCode { _ = try await client.request(.publish(topic: topic, type: type, data: data)) } == code, "\(what)")
            }
            #expect(try await hub.analyticsRowCounts() == before)
            let state = try await collect(1, from: try await room.subscribe("zones/hq/gate"))[0]
            #expect(state.data["head"] == 1 && state.data["zone"]?["regions"] == area["regions"], "the zone is as first defined")
            #expect(await refusalCode { _ = try await backend.subscribe("zones/hq/gate") } == "forbidden")
            for client in [room, guardClient, backend] { await client.close() }
        }
    }

    /// The brute force's crossing: the move from `a` to `b` goes strictly from one side of the line
    /// `s`-`e` to the other, through it; left is where the cross product is negative (y down).
    private func crossing(_ a: Point, _ b: Point, _ s: Point, _ e: Point) -> String? {
        func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
        let (before, after) = (side(s, e, a), side(s, e, b))
        guard before * after < 0, side(a, b, s) * side(a, b, e) <= 0 else { return nil }
        return before < 0 ? "left-to-right" : "right-to-left"
    }
}
