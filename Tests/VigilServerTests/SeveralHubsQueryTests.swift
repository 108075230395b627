import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// Two `vigil serve` processes on one PostgreSQL store answer a query alike, whichever stored what:
/// each node's in-memory indexes learn what the other stored.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: TestPostgres.serverURL != nil || TestPostgres.isRequired, "needs a PostgreSQL server (VIGIL_TEST_POSTGRES_URL)"))
struct SeveralHubsQueryTests {
    /// Both nodes have loaded their indexes of hq (a query each) when b stores more: a's ROI query
    /// and image query find b's detections as soon as b acknowledged them, and what a stores after
    /// is counted once on both.
    @Test func detectionsStoredOnOneNodeAreFoundByTheOthersQueries() async throws {
        let nodes = try await HubNodes()
        let admin = nodes.client(of: nodes.a, nodes.adminToken)
        _ = try await admin.publish(topic: "cameras/hq", type: "topology", data: analyticsTopology)
        let backends = [nodes.client(of: nodes.a, nodes.deviceToken), nodes.client(of: nodes.b, nodes.deviceToken)]
        let rooms = [nodes.client(of: nodes.a, nodes.operatorToken), nodes.client(of: nodes.b, nodes.operatorToken)]

        /// One person on the lobby at `offset` ms, looking like `look`, stored through node `node`.
        func store(through node: Int, at offset: Int64, track: Int, look: [Float]) async throws {
            let box = Rect(x: 40 * Double(track), y: 100, width: 60, height: 120)
            let batch = try DetectionBatch(
                camera: "lobby", frameSize: FrameSize(width: 640, height: 480),
                detections: [detection(at: offset, box, track: track, appearance: look)])
            #expect(try await backends[node].publish(batch, site: "hq") == 1)
        }
        let lobby = DetectionSelection(
            cameras: ["lobby"], from: detectionTime(0), to: detectionTime(60_000), regions: [.rect(Rect(x: 0, y: 0, width: 640, height: 480))],
            rule: .anchor(.center))
        func tracksFound(by room: VigilClient) async throws -> [Int] {
            try await room.roi(site: "hq", RoiQueryData(lobby, group: .perDetection, limit: 100)).results.compactMap(\.detection.track).sorted()
        }
        func nearest(to look: [Float], by room: VigilClient) async throws -> Int? {
            let example = SimilarQueryData.Example.vector(look.map(Double.init))
            return try await room.similar(
                site: "hq", SimilarQueryData(example, from: detectionTime(0), to: detectionTime(60_000), k: 1, group: .perDetection)
            )
            .first?.detection.track
        }

        try await store(through: 0, at: 0, track: 1, look: [1, 0, 0, 0])
        for room in rooms {
            #expect(try await tracksFound(by: room) == [1], "the first load")
            #expect(try await nearest(to: [1, 0, 0, 0], by: room) == 1)
        }

        try await store(through: 1, at: 1000, track: 2, look: [0, 1, 0, 0])
        try await store(through: 1, at: 2000, track: 3, look: [0, 0, 1, 0])
        for (node, room) in zip(["a", "b"], rooms) {
            #expect(try await tracksFound(by: room) == [1, 2, 3], "node \(node)'s ROI query, at once")
            #expect(try await nearest(to: [0, 0, 0.9, 0.1], by: room) == 3, "node \(node)'s image query, at once")
        }

        try await store(through: 0, at: 3000, track: 4, look: [0, 0, 0, 1])
        for (node, room) in zip(["a", "b"], rooms) {
            #expect(try await tracksFound(by: room) == [1, 2, 3, 4], "node \(node): each detection once")
            #expect(try await nearest(to: [0, 0.1, 0, 0.9], by: room) == 4, "node \(node)")
        }

        for client in backends + rooms + [admin] { await client.close() }
        await nodes.stop()
    }
}
