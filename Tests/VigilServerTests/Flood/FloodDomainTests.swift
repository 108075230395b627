import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct FloodDomainTests {
    private let region = FloodFixture.region

    @Test func aReportStaysWithTheModeratorsUntilApprovedAndThePublicNeverSeesItsReporter() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let publicFeed = try await reporter.subscribe("flood/\(region)")
            let state = try await collect(1, from: publicFeed)[0]
            #expect(state.type == "state")
            #expect(state.data["region"]?["timeZone"] == "America/Chicago")
            #expect(state.data["boundaries"]?.arrayValue?.first?["name"] == "Fargo")
            #expect(state.data["events"]?.arrayValue?.first?["name"] == "Spring 2026")
            #expect(state.data["markers"] == [])

            let room = hub.client("operator")
            let queue = try await room.subscribe("flood/\(region)/reports")
            #expect(try await collect(1, from: queue)[0].data["pending"] == [])

            let submitted = try await reporter.submitFloodMarker(region: region, FloodFixture.report())
            #expect(submitted.status == "pending" && submitted.event == fixture.event)
            let id = submitted.id
            let heard = try await collect(1, from: queue)[0]
            #expect(heard.type == "marker.submitted" && heard.from == "rita")
            #expect(heard.data["marker"]?["email"] == "rita@example.com" && heard.data["marker"]?["phone"] == "+1 701 555 0100")
            #expect(heard.data["marker"]?["reporter"] == "rita", "moderators see who reported and how to reach them")

            let approved = try await room.approveFloodMarkers(region: region, .markers([id]))
            #expect(approved.count == 1 && approved[0].severity == 3)
            let announced = try await collect(1, from: publicFeed)[0]
            #expect(announced.type == "markers.approved", "the public's first word of the marker is its approval, never the pending report")
            let marker = try #require(announced.data["markers"]?.arrayValue?.first)
            #expect(marker["id"]?.numberValue == Double(id) && marker["description"] == "Water over the road")
            for hidden in ["email", "phone", "reporter", "status"] {
                #expect(marker[hidden] == nil, "the public marker carries no \(hidden)")
            }
            #expect(try await collect(1, from: queue)[0].type == "markers.approved", "the moderators hear the decision too")

            // A newcomer gets the approved marker in the state, still without its reporter.
            let newcomer = hub.client("guard")
            let fresh = try await collect(1, from: try await newcomer.subscribe("flood/\(region)"))[0]
            #expect(fresh.data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(id))])
            let everything = try await reporter.history(topic: "flood/\(region)").map { $0.data.canonicalText }.joined()
            #expect(!everything.contains("rita@example.com") && !everything.contains("555 0100"), "no contact anywhere in the public log")

            #expect(await refusalCode { _ = try await reporter.subscribe("flood/\(region)/reports") } == "forbidden")
            #expect(await refusalCode { _ = try await reporter.history(topic: "flood/\(region)/reports") } == "forbidden")
            #expect(
                await refusalCode { _ = try await newcomer.subscribe("flood/\(region)/reports") } == "forbidden", "guards are public readers here")
            for client in [reporter, room, newcomer] { await client.close() }
        }
    }

    @Test func moderatorsDecideASelectionOrEverythingPendingInABoundaryOnce() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            var ids: [Int64] = []
            for severity in 1...3 {
                ids.append(try await reporter.submitFloodMarker(region: region, FloodFixture.report(severity: severity)).id)
            }
            let room = hub.client("operator")
            #expect(try await room.rejectFloodMarkers(region: region, .markers([ids[0]])) == [ids[0]])
            let approved = try await room.approveFloodMarkers(region: region, .boundary(fixture.boundary))
            #expect(
                approved.map(\.id) == [ids[1], ids[2]], "everything still pending, the rejected one left out"
            )

            #expect(await refusalCode { _ = try await room.approveFloodMarkers(region: region, .markers([ids[0]])) } == "invalid_transition")
            #expect(await refusalCode { _ = try await room.approveFloodMarkers(region: region, .boundary(fixture.boundary)) } == "invalid_transition")
            #expect(await refusalCode { _ = try await room.approveFloodMarkers(region: region, .markers([ids[1], 999])) } == "not_found")
            let state = try await collect(1, from: try await reporter.subscribe("flood/\(region)"))[0]
            #expect(state.data["markers"]?.arrayValue?.count == 2)
            let queue = try await collect(1, from: try await room.subscribe("flood/\(region)/reports"))[0]
            #expect(queue.data["pending"] == [])
            for client in [reporter, room] { await client.close() }
        }
    }

    @Test func everyBadCommandIsRefusedAndChangesNothing() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let room = hub.client("operator")
            let admin = hub.client("admin")
            let pending = try await reporter.submitFloodMarker(region: region, FloodFixture.report()).id
            let closedBoundary = try await admin.addFloodBoundary(
                region: region, name: "Moorhead", northWest: GeoPoint(latitude: 46.9, longitude: -96.77),
                southEast: GeoPoint(latitude: 46.85, longitude: -96.7))
            let closedEvent = try await room.openFloodEvent(region: region, boundary: closedBoundary.id, name: "2025")
            _ = try await room.closeFloodEvent(region: region, event: closedEvent.id)
            let picture = String(repeating: "ab", count: 32)
            let before = try await logs(of: hub)
            let pendingID = JSONValue.number(Double(pending))
            let boundaryID = JSONValue.number(Double(fixture.boundary))
            let closedID = JSONValue.number(Double(closedEvent.id))
            let eventID = JSONValue.number(Double(fixture.event))

            let outside = try GeoPoint(latitude: 47.5, longitude: -96.8)
            let submits: [(FloodReport, String, String)] = [
                (FloodFixture.report(outside), "outside_boundary", "a point in no boundary"),
                (FloodReport(position: outside, severity: 3, event: fixture.event), "outside_boundary", "a point outside its event's boundary"),
                (FloodFixture.report(severity: 0), "invalid_data", "severity 0"),
                (FloodFixture.report(severity: 6), "invalid_data", "severity 6"),
                (FloodReport(position: FloodFixture.inside, severity: 2, event: 999), "not_found", "an unknown event"),
                (FloodReport(position: FloodFixture.inside, severity: 2, event: closedEvent.id), "invalid_transition", "a closed event"),
                (FloodReport(position: FloodFixture.inside, severity: 2, picture: picture), "not_found", "a picture never uploaded"),
                (FloodReport(position: FloodFixture.inside, severity: 2, picture: "cat.jpg"), "invalid_data", "a picture that is no hash"),
                (FloodReport(position: FloodFixture.inside, severity: 2, observedAt: Int64.max / 2), "invalid_data", "an observation in the future"),
                (FloodFixture.report(description: String(repeating: "x", count: 2001)), "invalid_data", "a description too long"),
            ]
            for (report, code, what) in submits {
                #expect(await refusalCode { _ = try await reporter.submitFloodMarker(region: region, report) } == code, "\(what)")
            }
            let reports = "flood/\(region)/reports"
            let publicTopic = "flood/\(region)"
            let others: [(VigilClient, String, String, JSONValue, String, String)] = [
                (reporter, reports, "submit", ["latitude": 91, "longitude": 0, "severity": 3], "invalid_data", "latitude 91"),
                (reporter, reports, "submit", ["latitude": "46.9", "longitude": -96.8, "severity": 3], "invalid_data", "latitude as text"),
                (reporter, reports, "submit", "marker", "invalid_data", "data not an object"),
                (reporter, reports, "approve", ["markers": [pendingID]], "forbidden", "a reporter approving"),
                (reporter, publicTopic, "open_event", ["boundary": 1, "name": "Mine"], "forbidden", "a reporter opening an event"),
                (room, publicTopic, "create_region", ["name": "Again", "timeZone": "UTC"], "forbidden", "an operator creating a region"),
                (room, reports, "approve", ["markers": [pendingID], "boundary": boundaryID], "invalid_data", "both a selection and a boundary"),
                (room, reports, "approve", ["markers": []], "invalid_data", "an empty selection"),
                (room, reports, "approve", ["boundary": 999], "not_found", "an unknown boundary"),
                (reporter, reports, "remove", ["markers": [pendingID]], "forbidden", "a reporter removing a marker"),
                (room, reports, "remove", ["markers": [pendingID]], "invalid_transition", "removing a marker never approved"),
                (room, reports, "remove", ["markers": [999]], "not_found", "removing an unknown marker"),
                (room, reports, "remove", ["boundary": boundaryID], "invalid_data", "removing a whole boundary"),
                (room, reports, "publish", [:], "unknown_type", "an unknown command"),
                (room, publicTopic, "close_event", ["event": closedID], "invalid_transition", "closing a closed event"),
                (room, publicTopic, "open_event", ["boundary": 999, "name": "Nowhere"], "not_found", "an event on an unknown boundary"),
                (reporter, publicTopic, "rename_event", ["event": eventID, "name": "Mine"], "forbidden", "a reporter renaming an event"),
                (room, publicTopic, "rename_event", ["event": 999, "name": "Nowhere"], "not_found", "renaming an unknown event"),
                (room, publicTopic, "rename_event", ["event": eventID, "name": "  "], "invalid_data", "a blank name"),
                (
                    room, publicTopic, "rename_event", ["event": eventID, "name": .string(String(repeating: "x", count: 101))], "invalid_data",
                    "a name too long"
                ),
                (room, "flood/elsewhere", "rename_event", ["event": eventID, "name": "Stolen"], "not_found", "another region's event"),
                (room, "flood/elsewhere", "open_event", ["boundary": boundaryID, "name": "Stolen"], "not_found", "another region's boundary"),
                (room, "flood/\(region)/other", "open_event", ["boundary": boundaryID, "name": "X"], "invalid_topic", "an unknown subtopic"),
                (admin, publicTopic, "create_region", ["name": "Again", "timeZone": "UTC"], "already_exists", "a region twice"),
                (admin, "flood/mars", "create_region", ["name": "Mars", "timeZone": "Mars/Olympus"], "invalid_data", "an unknown time zone"),
                (
                    admin, publicTopic, "add_boundary",
                    ["name": "Upside down", "northWest": ["latitude": 46, "longitude": -97], "southEast": ["latitude": 47, "longitude": -96]],
                    "invalid_data", "north below south"
                ),
                (
                    admin, publicTopic, "add_boundary", ["name": "Half", "northWest": ["latitude": 46, "longitude": -97]], "invalid_data",
                    "a missing corner"
                ),
                (
                    admin, "flood/nowhere", "add_boundary",
                    ["name": "B", "northWest": ["latitude": 47, "longitude": -97], "southEast": ["latitude": 46, "longitude": -96]], "not_found",
                    "a boundary of no region"
                ),
            ]
            for (client, topic, type, data, code, what) in others {
                #expect(await refusalCode { _ = try await client.request(.publish(topic: topic, type: type, data: data)) } == code, "\(what)")
            }
            #expect(try await logs(of: hub) == before, "no refusal left a trace in either log or the states")
            for client in [reporter, room, admin] { await client.close() }
        }
    }

    @Test func anOperatorRenamesAnEventAndThePublicAndItsFilesCarryTheNewName() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let publicFeed = try await reporter.subscribe("flood/\(region)")
            _ = try await collect(1, from: publicFeed)
            let room = hub.client("operator")
            let ok = try await room.request(
                .publish(
                    topic: "flood/\(region)", type: "rename_event", data: ["event": .number(Double(fixture.event)), "name": "Spring thaw 2026"]))
            #expect(ok["data"]?["event"]?["name"] == "Spring thaw 2026")
            let heard = try await collect(1, from: publicFeed)[0]
            #expect(heard.type == "event.renamed" && heard.from == "olga")
            #expect(heard.data["event"]?["id"]?.numberValue == Double(fixture.event) && heard.data["event"]?["name"] == "Spring thaw 2026")
            #expect(heard.data["event"]?["openedBy"] == "olga" && heard.data["event"]?["closedAt"] == nil, "the rest of the event as it was")

            let newcomer = hub.client("guard")
            let state = try await collect(1, from: try await newcomer.subscribe("flood/\(region)"))[0]
            #expect(state.data["events"]?.arrayValue?.map { $0["name"] } == ["Spring thaw 2026"], "a newcomer reads the new name")
            let file = json(try await curl("\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers.geojson", caFile: hub.caFile).body)
            #expect(file["name"] == "Spring thaw 2026", "and so does the event's file")

            // A closed event keeps its files, so its name can still be put right.
            _ = try await room.closeFloodEvent(region: region, event: fixture.event)
            _ = try await room.request(
                .publish(topic: "flood/\(region)", type: "rename_event", data: ["event": .number(Double(fixture.event)), "name": "Spring 2026"]))
            let closedFile = json(try await curl("\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers.geojson", caFile: hub.caFile).body)
            #expect(closedFile["name"] == "Spring 2026")
            for client in [reporter, room, newcomer] { await client.close() }
        }
    }

    @Test func aBoundaryAcrossTheAntimeridianHoldsBothSidesAndNothingBetween() async throws {
        try await withHub { hub async throws in
            let admin = hub.client("admin")
            _ = try await makeFijiRegion(admin)
            for longitude in [179.9, 180, -180, -179.9] {
                let marker = try await admin.submitFloodMarker(
                    region: "fiji", FloodReport(position: GeoPoint(latitude: -16.8, longitude: longitude), severity: 4))
                #expect(marker.longitude == longitude)
            }
            for longitude in [0.0, 179.4, -179.4] {
                #expect(
                    await refusalCode {
                        _ = try await admin.submitFloodMarker(
                            region: "fiji", FloodReport(position: GeoPoint(latitude: -16.8, longitude: longitude), severity: 4))
                    } == "outside_boundary", "longitude \(longitude)")
            }
            await admin.close()
        }
    }

    /// Both flood topics' logs and states, as an admin reads them.
    private func logs(of hub: TestHub) async throws -> [String] {
        let admin = hub.client("admin")
        var texts: [String] = []
        for topic in ["flood/\(region)", "flood/\(region)/reports"] {
            texts += try await admin.history(topic: topic).map { "\($0.seq) \($0.type) \($0.data.canonicalText)" }
            var state = try await collect(1, from: try await admin.subscribe(topic))[0].data.objectValue ?? [:]
            state["head"] = nil
            texts.append(JSONValue.object(state).canonicalText)
        }
        await admin.close()
        return texts
    }
}
