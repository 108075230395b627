import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct FloodNearTests {
    private let near = FloodFixture.nearInside

    @Test func aPlaceHearsTheApprovedMarkersInsideItsCircleAndNothingElseAndResumes() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let watcher = hub.client("guard")
            let stream = try await watcher.subscribe(near)
            let state = try await collect(1, from: stream)[0]
            #expect(state.type == "state" && state.data["markers"] == [])

            // About 560 m north, 4.9 km north-east, and 760 m west of the centre.
            let places = [(46.905, -96.8), (46.94, -96.76), (46.9, -96.81)]
            let ids = try await FloodFixture.submit(places.map { FloodFixture.report(try GeoPoint(latitude: $0.0, longitude: $0.1)) }, as: reporter)
            let room = hub.client("operator")
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([ids[0], ids[1]]))
            _ = try await room.closeFloodEvent(region: "red-river", event: fixture.event)
            let admin = hub.client("admin")
            let second = try await admin.openFloodEvent(region: "red-river", boundary: fixture.boundary, name: "Second crest")
            let late = try await reporter.submitFloodMarker(
                region: "red-river",
                FloodReport(position: try GeoPoint(latitude: 46.9, longitude: -96.81), severity: 5, event: second.id)
            ).id
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([late]))

            let heard = try await collect(2, from: stream)
            #expect(heard.map(\.type) == ["markers.approved", "markers.approved"], "approvals only: not the events closing and opening")
            #expect(heard.map(\.topic) == [near, near])
            #expect(heard[0].data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(ids[0]))], "the marker 4.9 km away is cut out")
            #expect(heard[1].data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(late))])
            #expect(heard[0].data["markers"]?.arrayValue?.first?["email"] == nil)
            let regionLog = try await admin.history(topic: "flood/red-river")
            #expect(heard.map(\.seq) == regionLog.filter { $0.type == "markers.approved" }.map(\.seq), "numbered as the region's topic")

            // Resumed after the first approval: the second comes again, alone.
            let resumed = hub.client("guard")
            let again = try await collect(1, from: try await resumed.subscribe(near, since: heard[0].seq))
            #expect(again[0].seq == heard[1].seq && again[0].data == heard[1].data)
            // A newcomer's state holds the open event's marker inside the circle, not the one of the closed event.
            let newcomer = hub.client("device")
            let fresh = try await collect(1, from: try await newcomer.subscribe(near))[0]
            #expect(fresh.data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(late))])
            #expect(fresh.data["head"]?.numberValue == Double(regionLog.last?.seq ?? 0))
            for client in [reporter, watcher, room, admin, resumed, newcomer] { await client.close() }
        }
    }

    @Test func aNearTopicIsOnePlaceWithinAHundredKilometres() async throws {
        try await withHub { hub async throws in
            let client = hub.client("guard")
            for topic in [
                "flood/red-river/near/46.9/-96.8/0", "flood/red-river/near/46.9/-96.8/100001", "flood/red-river/near/91/-96.8/500",
                "flood/red-river/near/46.9/-181/500", "flood/red-river/near/46.9/-96.8", "flood/red-river/near/north/-96.8/500",
                "flood/+/near/46.9/-96.8/500", "flood/red-river/near/46.9/-96.8/500/extra",
                // One spelling per place: plain decimals only.
                "flood/red-river/near/46.9/-96.8/0x10", "flood/red-river/near/46.9/-96.8/1e3", "flood/red-river/near/4.69e1/-96.8/500",
                "flood/red-river/near/046.9/-96.8/500", "flood/red-river/near/46./-96.8/500", "flood/red-river/near/.5/-96.8/500",
                "flood/red-river/near/46.9/-96.8/inf", "flood/red-river/near/nan/-96.8/500", "flood/red-river/near/46.9/--96.8/500",
            ] {
                #expect(await refusalCode { _ = try await client.subscribe(topic) } == "invalid_topic", "\(topic)")
            }
            #expect(
                await refusalCode {
                    _ = try await client.request(.publish(topic: "flood/red-river/near/46.9/-96.8/500", type: "submit", data: [:]))
                } == "invalid_topic")
            _ = try await client.subscribe("flood/red-river/near/46.9/-96.8/100000")
            await client.close()
        }
    }

    @Test func aCircleAcrossTheAntimeridianHearsBothSides() async throws {
        try await withHub { hub async throws in
            let admin = hub.client("admin")
            let boundary = try await makeFijiRegion(admin)
            let stream = try await admin.subscribe("flood/fiji/near/-16.8/179.99/5000")
            _ = try await collect(1, from: stream)
            var ids: [Int64] = []
            for longitude in [-179.99, 179.97, 179.7] {
                ids.append(
                    try await admin.submitFloodMarker(
                        region: "fiji", FloodReport(position: try GeoPoint(latitude: -16.8, longitude: longitude), severity: 3)
                    ).id)
            }
            _ = try await admin.approveFloodMarkers(region: "fiji", .boundary(boundary))
            let heard = try await collect(1, from: stream)[0]
            #expect(heard.data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(ids[0])), .number(Double(ids[1]))])
            await admin.close()
        }
    }
}
