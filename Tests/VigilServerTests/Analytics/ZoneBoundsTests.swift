import Foundation
import Testing
import VigilClient
import VigilCore

/// The bounds of docs/security.md on watch zones and the regions of queries: past one, a clear
/// refusal and nothing stored.
@Suite(.timeLimit(.minutes(10))) struct ZoneBoundsTests {
    /// A circle of `count` points around (320, 240), to a tenth of a pixel, as a finger draws it
    /// (also a simple polygon).
    private func stroke(_ count: Int) -> JSONValue {
        .array(
            (0..<count).map { step in
                let angle = Double(step) * 2 * Double.pi / Double(count)
                return ["x": .number((3200 + 2000 * cos(angle)).rounded() / 10), "y": .number((2400 + 2000 * sin(angle)).rounded() / 10)]
            })
    }

    @Test func shapesPastTheirBoundsAndMisplacedFieldsAreRefusedAndNothingIsStored() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            let area = lobbyArea
            let line: JSONValue = ["from": ["x": 10, "y": 10], "to": ["x": 300, "y": 200]]
            _ = try await room.request(.publish(topic: "zones/hq/gate", type: "define", data: .object(area)))
            let before = try await hub.analyticsRowCounts()
            let with = lobbyArea(with:)
            let rect: JSONValue = ["rect": ["x": 0, "y": 0, "width": 10, "height": 10]]
            let cases: [(String, JSONValue, String)] = [
                ("17 regions", with(["regions": .array(Array(repeating: rect, count: 17))]), "limit_reached"),
                ("a polygon of 1,001 vertices", with(["regions": [["polygon": stroke(1_001)]]]), "limit_reached"),
                ("a lasso of 2,001 points", with(["regions": [["lasso": stroke(2_001)]]]), "limit_reached"),
                (
                    "a coordinate of 1e300", with(["regions": [["polygon": [["x": 0, "y": 0], ["x": 1e300, "y": 0], ["x": 0, "y": 10]]]]]),
                    "invalid_data"
                ),
                ("a rectangle 1e300 wide", with(["regions": [["rect": ["x": 0, "y": 0, "width": 1e300, "height": 10]]]]), "invalid_data"),
                (
                    "a lasso point at -1e7", with(["regions": [["lasso": [["x": 0, "y": 0], ["x": -1e7, "y": 5], ["x": 0, "y": 10]]]]]),
                    "invalid_data"
                ),
                ("a line end at 1e300", with(["regions": nil, "line": ["from": ["x": 1e300, "y": 0], "to": ["x": 5, "y": 5]]]), "invalid_data"),
                ("a dwell on a line", with(["regions": nil, "line": line, "dwell": "30s"]), "invalid_data"),
                ("a rule on a line", with(["regions": nil, "line": line, "rule": ["intensity": 0.5]]), "invalid_data"),
                ("a direction on an area", with(["direction": "left-to-right"]), "invalid_data"),
            ]
            for (what, data, code) in cases {
                #expect(
                    await refusalCode { _ = try await room.request(.publish(topic: "zones/hq/gate", type: "define", data: data)) } == code, "\(what)")
                #expect(
                    await refusalCode { _ = try await room.request(.publish(topic: "zones/hq/other", type: "define", data: data)) } == code,
                    "\(what), a new zone")
            }
            #expect(try await hub.analyticsRowCounts() == before, "nothing stored")
            let state = try await collect(1, from: try await room.subscribe("zones/hq/gate"))[0]
            #expect(state.data["head"] == 1 && state.data["zone"]?["regions"] == area["regions"], "the zone is as first defined")
            #expect(try await room.history(topic: "zones/hq/other").isEmpty)

            // The bounds are the real ones: a lasso of 2,000 points and a polygon of 1,000 vertices
            // fit a WebSocket message. ROI queries take the same regions, and refuse the same
            // (a query keeps nothing: past a count it is `invalid_data`).
            _ = try await room.request(.publish(topic: "zones/hq/gate", type: "define", data: with(["regions": [["lasso": stroke(2_000)]]])))
            _ = try await room.request(.publish(topic: "zones/hq/yard", type: "define", data: with(["regions": [["polygon": stroke(1_000)]]])))
            let query: [String: JSONValue] = ["cameras": ["lobby"], "from": 0, "to": 4_000_000_000_000]
            _ = try await room.query(
                topic: "detections/hq", type: "roi", data: .object(query.merging(["regions": [["lasso": stroke(2_000)]]]) { $1 }))
            for (regions, code) in [
                ([["lasso": stroke(2_001)]], "invalid_data"), ([["rect": ["x": 0, "y": 0, "width": 1e300, "height": 1]]], "invalid_data"),
            ] as [(JSONValue, String)] {
                #expect(
                    await refusalCode {
                        _ = try await room.query(topic: "detections/hq", type: "roi", data: .object(query.merging(["regions": regions]) { $1 }))
                    } == code)
            }
            await room.close()
        }
    }

    @Test func aSiteAndACameraHoldZonesUpToTheirLimits() async throws {
        try await withHub { hub async throws in
            // Nine cameras, so that the site's limit (256) comes before any camera's (32).
            let cameras: [JSONValue] = (0..<9).map { index in
                [
                    "id": .string("cam-\(index)"), "floor": 0, "frameSize": ["width": 640, "height": 480],
                    "position": ["x": .number(Double(index * 640)), "y": 0],
                    "neighbours": [:], "reminderNotice": "", "animationStyle": "",
                ]
            }
            #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "admin", body: ["cameras": .array(cameras)]).status == 200)
            let room = hub.client("operator")
            func define(_ zone: String, on camera: Int) async throws {
                _ = try await room.request(
                    .publish(
                        topic: "zones/hq/\(zone)", type: "define",
                        data: [
                            "camera": .string("cam-\(camera)"), "regions": [["rect": ["x": 0, "y": 0, "width": 10, "height": 10]]],
                        ]))
            }
            try await define("z1-0", on: 1)
            for index in 0..<32 { try await define("z0-\(index)", on: 0) }
            let full = try await hub.analyticsRowCounts()
            #expect(await refusalCode { try await define("z0-32", on: 0) } == "limit_reached", "a camera holds 32")
            #expect(await refusalCode { try await define("z1-0", on: 0) } == "limit_reached", "nor may a zone move onto a full camera")
            #expect(try await hub.analyticsRowCounts() == full, "nothing stored")
            try await define("z0-0", on: 0)
            #expect(try await hub.analyticsRowCounts()["zones"] == full["zones"], "a zone of a full camera may be redefined")
            for camera in 1..<8 {
                for index in 0..<32 { try await define("z\(camera)-\(index)", on: camera) }
            }
            let site = try await hub.analyticsRowCounts()
            #expect(site["zones"] == 256)
            #expect(await refusalCode { try await define("z8-0", on: 8) } == "limit_reached", "a site holds 256")
            #expect(try await hub.analyticsRowCounts() == site, "nothing stored")
            #expect(try await room.history(topic: "zones/hq/z8-0").isEmpty)
            try await define("z7-0", on: 8)
            #expect(try await hub.analyticsRowCounts()["zones"] == 256, "a zone of a full site may move to another camera")
            _ = try await room.request(.publish(topic: "zones/hq/z7-1", type: "remove", data: [:]))
            try await define("z8-0", on: 8)
            await room.close()
        }
    }
}
