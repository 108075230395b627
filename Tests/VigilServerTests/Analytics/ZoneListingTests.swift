import Foundation
import Testing
import VigilClient
import VigilCore

/// The query `zones` on `zones/{site}`: a control room sees every zone of a site with its live
/// figures, a guard sees them too but cannot remove one, and nobody lists a site they do not cover.
@Suite(.timeLimit(.minutes(10))) struct ZoneListingTests {
    private let door = WatchZoneDefinition(
        camera: "lobby", line: .init(from: Point(x: 320, y: 0), to: Point(x: 320, y: 480)), direction: .leftToRight)
    private let gate = WatchZoneDefinition(
        camera: "lobby", regions: [.rect(Rect(x: 0, y: 0, width: 200, height: 200))], rule: .intensity(0.5), dwell: .text("30s"))

    /// Defines `door` (a line down the middle of the lobby, counting walks to its right, which is
    /// towards smaller x: it is drawn downwards), `gate` (an area of the lobby) and `yard` (the
    /// dock); a track walks through the door twice the counted way and once back, and two
    /// detections stand in the gate.
    private func defineAndWalk(_ hub: TestHub, _ room: VigilClient) async throws {
        try await hub.importAnalyticsTopology()
        #expect(try await room.defineZone("door", site: "hq", door) == 1)
        _ = try await room.defineZone("gate", site: "hq", gate)
        _ = try await room.defineZone(
            "yard", site: "hq", WatchZoneDefinition(camera: "dock", regions: [.rect(Rect(x: 0, y: 0, width: 50, height: 50))]))
        let backend = hub.client("device")
        let walk = [500.0, 100, 500, 100, 50].enumerated().map { step, x in
            detection(at: Int64(step) * 1000, Rect(x: x, y: 300, width: 20, height: 60), track: 3)
        }
        let standing = [
            detection(at: 10, Rect(x: 20, y: 20, width: 40, height: 90), track: 4),
            detection(at: 20, Rect(x: 30, y: 20, width: 40, height: 90), track: 4),
        ]
        _ = try await backend.publish(
            try DetectionBatch(camera: "lobby", frameSize: FrameSize(width: 640, height: 480), detections: walk + standing), site: "hq")
        try await hub.advance(by: .seconds(1))
        await backend.close()
    }

    @Test func aSitesZonesAreListedWithTheirFiguresAsOfTheirHead() async throws {
        try await withHub { hub async throws in
            let room = hub.client("operator")
            try await defineAndWalk(hub, room)
            let guardClient = hub.client("guard")
            let answer = try await guardClient.query(topic: "zones/hq", type: "zones")
            let list = try answer.decode(ZoneList.self, field: "result")
            let (zones, since) = (list.zones, list.since)
            #expect(try JSONValue(encoding: list) == answer, "the listing holds nothing but the contract's fields")
            #expect(zones.map(\.zone.id) == ["door", "gate", "yard"])
            #expect(zones.map(\.zone.definition.isLine) == [true, false, false])
            let listedDoor = try #require(zones.first)
            #expect(listedDoor.zone.definition == door && listedDoor.zone.definedBy == "olga")
            let doorCounts = try #require(listedDoor.counts, "a line lists its counts")
            #expect(
                doorCounts.map(\.count).reduce(0, +) == 2 && doorCounts.allSatisfy { $0.direction == .leftToRight },
                "two walks the counted way, the one back not counted: \(doorCounts)")
            #expect(doorCounts.first?.hour == detectionHour && listedDoor.recent == nil)
            let listedGate = zones[1]
            #expect(listedGate.zone.definition == gate && listedGate.recent == 2 && listedGate.counts == nil)
            #expect(zones[2].recent == 0 && zones[2].zone.definition.camera == "dock")
            for zone in zones {
                #expect(
                    zone.head == UInt64(try await room.history(topic: "zones/hq/\(zone.zone.id)").count),
                    "the figures are as of the topic's last event")
            }
            #expect(since == hub.clock.milliseconds() - 600_000, "recent: the last ten minutes by the hub's clock")

            let lobby = try await room.zones(site: "hq", camera: "lobby").zones
            #expect(lobby.map(\.zone.id) == ["door", "gate"], "one camera's zones")

            // Ten minutes on, the gate's detections are no longer recent; the door's hour stays counted.
            try await hub.advance(by: .seconds(601))
            let later = try await room.zones(site: "hq").zones
            #expect(later[1].recent == 0 && (later[0].counts ?? []).map(\.count).reduce(0, +) == 2)

            // Removed by the control room, a zone is no longer listed.
            try await room.removeZone("gate", site: "hq")
            #expect(try await guardClient.zones(site: "hq").zones.map(\.zone.id) == ["door", "yard"])
            for client in [room, guardClient] { await client.close() }
        }
    }

    @Test func aGuardSeesButCannotRemoveAndOtherSitesAndBadQueriesAreRefused() async throws {
        try await withHub { hub async throws in
            let room = hub.client("operator")
            try await defineAndWalk(hub, room)
            let before = try await hub.analyticsRowCounts()
            let issued = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "operator", "name": "otto", "sites": ["depot"]])
            let depotOperator = VigilClient(
                configuration: ClientConfiguration(
                    url: hub.url, token: try #require(json(issued.body)["secret"]?.stringValue, "\(issued.body)"), caFile: hub.caFile))
            let (guardClient, backend) = (hub.client("guard"), hub.client("device"))
            #expect(try await guardClient.zones(site: "hq").zones.count == 3, "a guard sees the zones")

            let cases: [(String, VigilClient, String, String, JSONValue, String)] = [
                ("another site's operator", depotOperator, "zones/hq", "zones", [:], "forbidden"),
                ("a device", backend, "zones/hq", "zones", [:], "forbidden"),
                ("a zone's topic", room, "zones/hq/gate", "zones", [:], "invalid_topic"),
                ("an unknown query", room, "zones/hq", "roi", [:], "unknown_type"),
                ("an unknown camera", room, "zones/hq", "zones", ["camera": "roof"], "not_found"),
                ("a camera that is not a name", room, "zones/hq", "zones", ["camera": 7], "invalid_data"),
                ("data that is not an object", room, "zones/hq", "zones", [1, 2], "invalid_data"),
            ]
            for (what, client, topic, type, data, code) in cases {
                #expect(await refusalCode { _ = try await client.query(topic: topic, type: type, data: data) } == code, "\(what)")
            }
            #expect(await refusalCode { try await guardClient.removeZone("gate", site: "hq") } == "forbidden", "a guard cannot remove a zone")
            #expect(await refusalCode { try await depotOperator.removeZone("gate", site: "hq") } == "forbidden")
            #expect(try await depotOperator.zones(site: "depot").zones.isEmpty, "their own site has none")
            #expect(try await hub.analyticsRowCounts() == before, "the refusals changed nothing")
            #expect(try await room.zones(site: "hq").zones.map(\.zone.id) == ["door", "gate", "yard"])
            for client in [room, guardClient, backend, depotOperator] { await client.close() }
        }
    }

    @Test func vigilZonesListsDefinesAndRemoves() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let connection = ["--url", hub.url, "--ca", hub.caFile]
            let operatorToken = ["--token", hub.token("operator")]
            let line = try await runVigil(
                ["zones", "define", "hq/door", "--camera", "lobby", "--line", "320,0,320,480", "--direction", "left-to-right"] + connection
                    + operatorToken)
            #expect(line.status == 0 && line.output == "zone door is watching lobby (seq 1)\n", "\(line.output)")
            let area = try await runVigil(
                [
                    "zones", "define", "hq/gate", "--camera", "lobby", "--rect", "0,0,200,200", "--intensity", "0.5", "--dwell", "30s", "--label",
                    "person",
                ]
                    + connection + operatorToken)
            #expect(area.status == 0, "\(area.output)")
            let room = hub.client("operator")
            let gate = try #require(try await room.zones(site: "hq").zones.last).zone.definition
            #expect(gate.regions == [.rect(Rect(x: 0, y: 0, width: 200, height: 200))] && gate.dwell == .text("30s"))
            #expect(gate.rule == .intensity(0.5) && gate.labels == ["person"])

            let listed = try await runVigil(["zones", "list", "hq"] + connection + ["--token", hub.token("guard")])
            let lines = listed.output.split(separator: "\n").map(String.init)
            #expect(listed.status == 0 && lines.count == 2, "\(listed.output)")
            #expect(lines.first?.hasPrefix("door  line on lobby  left-to-right  0 crossings this hour") == true, "\(listed.output)")
            #expect(lines.last?.hasPrefix("gate  area on lobby  intensity 0.5  loitering after 30s  0 detections since") == true, "\(listed.output)")
            #expect(lines.last?.hasSuffix("labels person") == true)

            let refused = try await runVigil(["zones", "remove", "hq/gate"] + connection + ["--token", hub.token("guard")])
            #expect(refused.status == 2 && refused.output.isEmpty, "a guard cannot remove: told on standard error")
            let removed = try await runVigil(["zones", "remove", "hq/gate"] + connection + operatorToken)
            #expect(removed.status == 0 && removed.output == "zone gate removed\n")
            #expect(try await room.zones(site: "hq").zones.map(\.zone.id) == ["door"])
            #expect(
                try await runVigil(["zones", "define", "hq/x", "--camera", "lobby"] + connection + operatorToken).status != 0,
                "neither a line nor an area")
            #expect(try await runVigil(["zones", "remove", "gate"] + connection + operatorToken).status != 0, "a zone without its site")
            await room.close()
        }
    }
}
