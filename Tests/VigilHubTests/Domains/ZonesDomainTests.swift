import Foundation
import Testing
import VigilCore
import VigilHub
import VigilTestSupport

/// Watch zones in-process: a line over a camera counts the tracks that cross it, told in the tick
/// after their batch; a zone on a camera the site does not have is refused and nothing is stored.
@Suite struct ZonesDomainTests {
    /// A vertical line at x = 100 over the lobby's 640 x 480 frame, drawn upwards: its left is the
    /// picture's left, so a track moving right across it crosses "left-to-right".
    static let door: JSONValue = [
        "camera": "lobby", "line": ["from": ["x": 100, "y": 480], "to": ["x": 100, "y": 0]], "direction": "left-to-right",
    ]

    /// A batch of the lobby's: each track's box with its bottom centre at `x`, at `time`.
    static func batch(at time: Int64, _ tracks: [(track: Int, x: Double)]) throws -> JSONValue {
        let detections = tracks.map { track, x in
            Detection(
                time: Date(timeIntervalSince1970: Double(time) / 1000), box: Rect(x: x - 10, y: 200, width: 20, height: 80), label: "person",
                score: 0.9, trackID: track)
        }
        return try JSONValue(
            parsing: DetectionBatchJSON.write(
                try DetectionBatch(camera: "lobby", frameSize: FrameSize(width: 640, height: 480), detections: detections)))
    }

    @Test(arguments: StoreBackEnd.available) func aLineCountsTheTracksCrossingItOneWayInTheTickAfterTheirBatch(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let admin = try await engine.connect("admin")
        let lobby: JSONValue = [
            "id": "lobby", "floor": 0, "frameSize": ["width": 640, "height": 480], "position": ["x": 0, "y": 0], "neighbours": [:],
            "reminderNotice": "", "animationStyle": "",
        ]
        _ = try await admin.publish("cameras/hq", "topology", ["cameras": [lobby]])
        let olga = try await engine.connect("operator")
        _ = try await olga.publish("zones/hq/door", "define", Self.door)
        _ = try await olga.request(.subscribe(topic: "zones/hq/door", since: 1))
        let sensor = try await engine.connect("device")

        // Track 1 walks right across the line, track 2 left, track 3 stays on one side.
        let now = engine.clock.milliseconds()
        _ = try await sensor.publish("detections/hq/lobby", "batch", try Self.batch(at: now - 2_000, [(1, 40), (2, 160), (3, 300)]))
        _ = try await sensor.publish("detections/hq/lobby", "batch", try Self.batch(at: now - 1_000, [(1, 160), (2, 40), (3, 320)]))
        await engine.advance(by: .seconds(1))
        let told = try await olga.nextEvent()
        #expect(told.type == "zone.crossings" && told.topic == "zones/hq/door")
        let crossings = told.data["crossings"]?.arrayValue ?? []
        #expect(crossings.map { $0["track"] } == [1], "only the way the zone counts: \(told.data)")
        #expect(crossings.first?["direction"] == "left-to-right" && crossings.first?["camera"] == "lobby")
        #expect(crossings.first?["id"]?.numberValue != nil, "the crossing is the stored detection, with its id")

        // Nothing more to tell: the next tick says nothing.
        await engine.advance(by: .seconds(1))
        let history = try await olga.request(.history(topic: "zones/hq/door", before: nil, limit: 10))
        #expect(history["events"]?.arrayValue?.map { $0["type"] } == ["zone.defined", "zone.crossings"])
    }

    @Test(arguments: StoreBackEnd.available) func aZoneOnACameraTheSiteDoesNotHaveIsRefusedAndNothingIsStored(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let olga = try await engine.connect("operator")
        let gus = try await engine.connect("guard")
        #expect(await refusal { _ = try await olga.publish("zones/hq/door", "define", Self.door) } == .notFound, "no topology yet")
        #expect(await refusal { _ = try await gus.publish("zones/hq/door", "define", Self.door) } == .forbidden, "guards do not draw zones")
        let history = try await olga.request(.history(topic: "zones/hq/door", before: nil, limit: 10))
        #expect(history["events"] == [])
    }
}
