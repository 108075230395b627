import Foundation
import Testing
import VigilClient
import VigilCore

/// Detections' times against the hub's clock: none from the far future (they would outlive every
/// retention), and none already past the site's retention, which the `ok` does not count.
@Suite(.timeLimit(.minutes(10))) struct DetectionTimeTests {
    private func at(_ milliseconds: Int64, _ box: Rect = Rect(x: 100, y: 100, width: 40, height: 80), track: Int? = nil) -> Detection {
        Detection(time: Date(timeIntervalSince1970: Double(milliseconds) / 1000), box: box, label: "person", score: 0.9, trackID: track)
    }

    private func withSite(_ batch: JSONValue) -> JSONValue {
        .object((batch.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
    }

    @Test func detectionsFromTheFarFutureAreRefusedAndNothingIsStored() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let backend = hub.client("device")
            let now = hub.clock.milliseconds()
            let before = try await hub.analyticsRowCounts()
            let year2100: Int64 = 4_102_444_800_000
            let lastDay: Int64 = 253_402_214_400_000
            for (what, time) in [("six minutes ahead", now + 6 * 60_000), ("2100-01-01", year2100), ("9999-12-31", lastDay)] {
                let batch = try batchJSON(camera: "lobby", frame: (640, 480), [at(now - 1000), at(time)])
                #expect(
                    await refusalCode { _ = try await backend.request(.publish(topic: "detections/hq/lobby", type: "batch", data: batch)) }
                        == "invalid_data", "\(what)")
                let posted = try await hub.api("POST", "/api/detections", as: "device", body: withSite(batch))
                #expect(posted.status == 400 && json(posted.body)["code"] == "invalid_data", "\(what): \(posted.body)")
                #expect(json(posted.body)["message"]?.stringValue?.contains("detections[1].time") == true, "\(posted.body)")
            }
            #expect(try await hub.analyticsRowCounts() == before, "nothing stored")

            // A backend's clock a little ahead of the hub's is no fault: up to five minutes.
            let ok = try await backend.request(
                .publish(
                    topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), [at(now + 4 * 60_000)])))
            #expect(ok["detections"] == 1)
            // The tolerance follows the hub's clock, not the wall's.
            hub.clock.advance(by: .seconds(120))
            let later = try await backend.request(
                .publish(
                    topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), [at(now + 6 * 60_000)])))
            #expect(later["detections"] == 1)
            #expect(try await hub.analyticsRowCounts()["detections"] == before["detections"].map { $0 + 2 })
            await backend.close()
        }
    }

    @Test func aDetectionPastTheRetentionIsDroppedAndTheOkCountsWhatWasStored() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            _ = try await room.request(
                .publish(
                    topic: "zones/hq/all", type: "define",
                    data: [
                        "camera": "lobby", "regions": [["rect": ["x": 0, "y": 0, "width": 640, "height": 480]]],
                    ]))
            let zone = try await room.subscribe("zones/hq/all")
            _ = try await collect(1, from: zone)
            let overlay = try await room.subscribe("detections/hq/lobby")
            let backend = hub.client("device")
            let now = hub.clock.milliseconds()
            let old = now - 31 * 86_400_000
            let before = try await hub.analyticsRowCounts()

            let batch = try batchJSON(
                camera: "lobby", frame: (640, 480), [at(now - 3000, track: 1), at(old, track: 2), at(now - 2000, track: 3), at(now - 1000, track: 4)])
            let ok = try await backend.request(.publish(topic: "detections/hq/lobby", type: "batch", data: batch))
            #expect(ok["detections"] == 3, "the one past the 30 days' retention is not stored: \(ok)")
            let live = try await collect(1, from: overlay)[0]
            #expect(live.data["detections"]?.arrayValue?.map { $0["track"] } == [1, 3, 4], "nor shown")
            #expect(try await hub.analyticsRowCounts()["detections"] == before["detections"].map { $0 + 3 })
            try await hub.advance(by: .seconds(1))
            let told = try await collect(1, from: zone)[0]
            #expect(told.data["detections"]?.arrayValue?.map { $0["track"] } == [1, 3, 4], "nor told by a zone")

            let posted = try await hub.api("POST", "/api/detections", as: "device", body: withSite(batch))
            #expect(posted.status == 200 && json(posted.body)["detections"] == 3, "\(posted.body)")
            let none = try await backend.request(
                .publish(
                    topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), [at(old)])))
            #expect(none["detections"] == 0)
            #expect(try await hub.analyticsRowCounts()["detections"] == before["detections"].map { $0 + 6 })
            for client in [room, backend] { await client.close() }
        }
    }
}
