import Foundation
import Testing
import VigilClient
import VigilCore

/// Zones match a batch's detections before its commit, against the zones as last committed. What
/// they tell must be what the zones as committed before the batch hold, also when a zone changes
/// between the batch's validation and its commit, and after a restart, when no zone is known yet.
@Suite(.timeLimit(.minutes(10))) struct ZoneSightingTests {
    private static let rects = [Rect(x: 50, y: 50, width: 220, height: 160), Rect(x: 330, y: 250, width: 240, height: 170)]
    private static let leftHalf = Rect(x: 0, y: 0, width: 320, height: 480)

    /// What an area zone of one rectangle (bottom-centre anchor) tells of `batch`: (time, intensity), by brute force.
    private func held(by rect: Rect, of batch: [Detection]) -> [String] {
        batch.filter { rect.contains(Point(x: $0.box.x + $0.box.width / 2, y: $0.box.maxY)) }.map { detection in
            let box = detection.box
            let overlap = max(0, min(box.maxX, rect.maxX) - max(box.minX, rect.minX)) * max(0, min(box.maxY, rect.maxY) - max(box.minY, rect.minY))
            return "\(detection.milliseconds) \(String(format: "%.6f", overlap / box.area))"
        }
    }

    private func told(_ zone: String, by client: VigilClient) async throws -> [String] {
        try await client.history(topic: "zones/hq/\(zone)", limit: 500).filter { $0.type == "zone.detections" }.flatMap { event in
            (event.data["detections"]?.arrayValue ?? []).map {
                "\(Int64($0["ts"]?.numberValue ?? -1)) \(String(format: "%.6f", $0["intensity"]?.numberValue ?? -1))"
            }
        }
    }

    private func area(_ rect: Rect) -> JSONValue {
        [
            "camera": "lobby",
            "regions": [["rect": ["x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height)]]],
        ]
    }

    /// Sends every message at once on one connection, then waits for each answer: the hub validates
    /// each (a batch's zones matched there) before the one before it is committed.
    private func pipelined(_ socket: RawSocket, _ messages: [ClientRequest], round: Int) async throws {
        for (index, request) in messages.enumerated() {
            try await socket.send(ClientMessage(ref: "\(round)-\(index)", request))
        }
        for index in messages.indices {
            let answer = try await socket.answer(to: "\(round)-\(index)")
            guard case .ok = answer else { throw AnalyticsSetupFailed(what: "round \(round), message \(index): \(answer)") }
        }
    }

    @Test func zonesChangedBetweenABatchsValidationAndItsCommitTellWhatTheyHoldWhenItCommits() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            var random = SeededRandom(seed: 26)
            var expected: [String: [String]] = ["gate": [], "yard": []]
            var yardDefined = false
            var socket = try await hub.authenticatedRaw("admin")
            func batch(_ round: Int) -> [Detection] {
                (0..<40).map { index in
                    detection(at: Int64(round * 1000 + index), Rect(x: random.uniform(0...600), y: random.uniform(0...400), width: 40, height: 80))
                }
            }
            for round in 0..<16 {
                // The gate moves every round; the yard comes and goes. Each change goes in the same
                // write as the batch after it.
                let gate = Self.rects[round % 2]
                var messages: [ClientRequest] = [.publish(topic: "zones/hq/gate", type: "define", data: area(gate))]
                if round % 4 == 1 {
                    messages.append(.publish(topic: "zones/hq/yard", type: "define", data: area(Self.leftHalf)))
                    yardDefined = true
                } else if round % 4 == 3 {
                    messages.append(.publish(topic: "zones/hq/yard", type: "remove", data: [:]))
                    yardDefined = false
                }
                let detections = batch(round)
                messages.append(
                    .publish(topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), detections)))
                try await pipelined(socket, messages, round: round)
                expected["gate"]? += held(by: gate, of: detections)
                if yardDefined { expected["yard"]? += held(by: Self.leftHalf, of: detections) }
                try await hub.advance(by: .seconds(1))
            }
            #expect(expected["gate"]!.count > 60 && expected["yard"]!.count > 100, "the batches fall in the zones")

            // After a restart no zone is known in memory: the first batch is matched in its commit.
            await socket.close()
            await hub.stop()
            try await hub.start()
            socket = try await hub.authenticatedRaw("admin")
            let afterRestart = batch(16)
            try await pipelined(
                socket,
                [.publish(topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), afterRestart))],
                round: 16)
            expected["gate"]? += held(by: Self.rects[1], of: afterRestart)
            try await hub.advance(by: .seconds(1))
            let moved = batch(17)
            try await pipelined(
                socket,
                [
                    .publish(topic: "zones/hq/gate", type: "define", data: area(Self.rects[0])),
                    .publish(topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), moved)),
                ], round: 17)
            expected["gate"]? += held(by: Self.rects[0], of: moved)
            try await hub.advance(by: .seconds(1))

            let history = hub.client("operator")
            for zone in ["gate", "yard"] {
                let answer = try await told(zone, by: history)
                #expect(
                    answer == expected[zone],
                    "\(zone): told \(answer.count), expected \(expected[zone]?.count ?? 0); told but not expected \(Set(answer).subtracting(expected[zone] ?? []).sorted().prefix(5)), expected but not told \(Set(expected[zone] ?? []).subtracting(answer).sorted().prefix(5))"
                )
            }
            await socket.close()
            for client in [room, history] { await client.close() }
        }
    }
}
