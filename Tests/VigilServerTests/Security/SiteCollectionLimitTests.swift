import Foundation
import Testing
import VigilClient
import VigilCore

/// A site's checkpoints, locations and cameras stop at their documented limits: the next one is
/// refused with `limit_reached` and nothing of it is stored (docs/security.md, "What is bounded").
@Suite(.timeLimit(.minutes(10))) struct SiteCollectionLimitTests {
    /// A topology of `count` cameras in the clean model, none a neighbour of another.
    private func topology(_ count: Int) -> JSONValue {
        .object([
            "cameras": .array(
                (0..<count).map { number in
                    [
                        "id": .string("cam-\(number)"), "floor": 0, "frameSize": ["width": 640, "height": 480],
                        "position": ["x": .number(Double(number)), "y": 0],
                        "neighbours": [:], "reminderNotice": "", "animationStyle": "",
                    ]
                })
        ])
    }

    /// `PUT /api/sites/hq/cameras` of a topology of `count` cameras, sent from a file: a thousand
    /// cameras are too long for a command line.
    private func importTopology(_ count: Int, into hub: TestHub) async throws -> CurlResponse {
        let file = hub.directory.appendingPathComponent("topology-\(count).json")
        try Data(topology(count).canonicalText.utf8).write(to: file)
        return try await curl(
            "\(hub.httpsBase)/api/sites/hq/cameras", caFile: hub.caFile, method: "PUT",
            headers: ["Authorization": "Bearer \(hub.token("admin"))", "Content-Type": "application/json"], body: "@\(file.path)")
    }

    /// Runs `make` for 0..<count, shared among `clients` side by side: each stays within the
    /// burst its connection's rate allows.
    private func fill(_ count: Int, by clients: [VigilClient], _ make: @escaping @Sendable (VigilClient, Int) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, client) in clients.enumerated() {
                group.addTask {
                    for number in stride(from: index, to: count, by: clients.count) { try await make(client, number) }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aSiteKeepsAtMostTwoHundredCheckpoints() async throws {
        try await withHub { hub async throws in
            let admin = hub.client("admin")
            for number in 0..<200 {
                _ = try await admin.request(
                    .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": .string("Gate \(number)"), "every": "30m"]))
            }
            let before = try await admin.history(topic: "checkins/hq", limit: 500).count
            let refused = await refusalCode {
                _ = try await admin.request(
                    .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "One too many", "every": "30m"]))
            }
            #expect(refused == "limit_reached")
            let overHTTP = try await hub.api(
                "POST", "/api/publish", as: "operator",
                body: ["topic": "checkins/hq", "type": "create_checkpoint", "data": ["name": "Over HTTP", "every": "30m"]])
            #expect(overHTTP.status == 409 && json(overHTTP.body)["code"] == "limit_reached", "\(overHTTP.body)")

            #expect(try await admin.history(topic: "checkins/hq", limit: 500).count == before, "nothing refused is stored")
            let state = try await collect(1, from: try await admin.subscribe("checkins/hq"))[0]
            #expect(state.data["checkpoints"]?.arrayValue?.count == 200)
            _ = try await admin.request(.publish(topic: "checkins/depot", type: "create_checkpoint", data: ["name": "Depot gate", "every": "30m"]))
            await admin.close()
        }
    }

    @Test func aSiteKeepsAtMostAThousandLocationsAndAlertsAtKnownOnesGoOn() async throws {
        try await withHub { hub async throws in
            let devices = (0..<4).map { _ in hub.client("device") }
            try await fill(1000, by: devices) { device, number in
                _ = try await device.request(
                    .publish(
                        topic: "alerts/hq", type: "raise", data: ["kind": "door", "location": .string(String(format: "loc-%04d", number))]))
            }
            let admin = hub.client("admin")
            let lastBefore = try await admin.history(topic: "alerts/hq", limit: 1).last?.seq
            let refused = await refusalCode {
                _ = try await devices[0].request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "door", "location": "zz-new"]))
            }
            #expect(refused == "limit_reached")
            let overHTTP = try await hub.api("POST", "/api/alerts", as: "device", body: ["site": "hq", "kind": "door", "location": "zz-over-http"])
            #expect(overHTTP.status == 409 && json(overHTTP.body)["code"] == "limit_reached", "\(overHTTP.body)")
            #expect(try await admin.history(topic: "alerts/hq", limit: 1).last?.seq == lastBefore, "no alert of a refused location is stored")
            let past = json(try await hub.api("GET", "/api/sites/hq/locations?after=loc-0999", as: "operator").body)
            #expect(past["locations"]?.arrayValue?.isEmpty == true, "no location made past the limit: \(past)")

            _ = try await devices[0].request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "door", "location": "loc-0007"]))
            _ = try await devices[0].request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "panic"]))
            for client in devices + [admin] { await client.close() }
        }
    }

    @Test func aTopologyOfMoreThanAThousandCamerasIsRefusedAndTheOldOneKept() async throws {
        try await withHub { hub async throws in
            // 1,001 cameras pass the 64 KiB message limit: only the HTTP import (4 MiB) can carry them.
            let full = try await importTopology(1000, into: hub)
            #expect(full.status == 200, "\(full.body)")
            let over = try await importTopology(1001, into: hub)
            #expect(over.status == 409 && json(over.body)["code"] == "limit_reached", "\(over.body)")
            let wall = json(try await hub.api("GET", "/api/sites/hq/cameras", as: "operator").body)
            #expect(wall["cameras"]?.arrayValue?.count == 1000, "the old topology is kept")
            let admin = hub.client("admin")
            #expect(try await admin.history(topic: "cameras/hq").count == 1, "nothing refused is stored")
            await admin.close()
        }
    }

    @Test func aSiteKeepsTheViewsOfAtMostAThousandViewers() async throws {
        try await withHub { hub async throws in
            #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "admin", body: topology(2)).status == 200)
            let operators = (0..<4).map { _ in hub.client("operator") }
            try await fill(1000, by: operators) { client, number in
                _ = try await client.request(
                    .publish(
                        topic: "cameras/hq", type: "switch", data: ["viewer": .string(String(format: "wall-%04d", number)), "camera": "cam-0"]))
            }
            let lastBefore = try await operators[0].history(topic: "cameras/hq", limit: 1).last?.seq
            let refused = await refusalCode {
                _ = try await operators[0].request(
                    .publish(topic: "cameras/hq", type: "switch", data: ["viewer": "one-too-many", "camera": "cam-0"]))
            }
            #expect(refused == "limit_reached")
            #expect(try await operators[0].history(topic: "cameras/hq", limit: 1).last?.seq == lastBefore, "nothing refused is stored")
            let wall = json(try await hub.api("GET", "/api/sites/hq/cameras", as: "operator").body)
            #expect(wall["views"]?.arrayValue?.count == 1000 && wall["views"]?.arrayValue?.contains { $0["viewer"] == "one-too-many" } == false)
            _ = try await operators[0].request(
                .publish(topic: "cameras/hq", type: "switch", data: ["viewer": "wall-0007", "camera": "cam-1", "jump": true]))
            for client in operators { await client.close() }
        }
    }
}
