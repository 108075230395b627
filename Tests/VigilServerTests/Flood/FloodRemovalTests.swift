import Foundation
import Testing
import VigilClient
import VigilCore

/// An approved marker taken down again (a hoax, a duplicate): the public topic, a near place
/// around it and the files' deltas all say it is gone; the whole files and the states no longer
/// hold it.
@Suite(.timeLimit(.minutes(10))) struct FloodRemovalTests {
    private let region = FloodFixture.region

    @Test func anOperatorTakesDownAnApprovedMarkerAndEveryoneWhoShowedItHearsItGo() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let room = hub.client("operator")
            // The hoax at the centre of the near place, and a real report 9 km away, outside it.
            let ids = try await FloodFixture.submit(
                [(46.9, -96.8), (46.82, -96.76)].map {
                    FloodFixture.report(try GeoPoint(latitude: $0.0, longitude: $0.1), description: "Hoax or not")
                },
                as: reporter)
            _ = try await room.approveFloodMarkers(region: region, .markers(ids))
            let watcher = hub.client("guard")
            let publicFeed = try await watcher.subscribe("flood/\(region)")
            let head = try #require(try await collect(1, from: publicFeed)[0].data["head"]?.numberValue.map(Int.init))
            let place = try await watcher.subscribe(FloodFixture.nearInside)
            _ = try await collect(1, from: place)
            let base = "\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers"
            let before = try #require(try await curl("\(base).kml", caFile: hub.caFile).headers["etag"])

            let removed = try await room.removeFloodMarkers(region: region, [ids[0]])
            #expect(removed == [FloodWire.RemovedMarker(id: ids[0], event: fixture.event, latitude: 46.9, longitude: -96.8)])
            let announced = try await collect(1, from: publicFeed)[0]
            #expect(announced.type == "markers.removed")
            #expect(announced.data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(ids[0]))])
            #expect(announced.data["markers"]?.arrayValue?.first?["description"] == nil, "the removal does not repeat what the hoax said")
            let heardNear = try await collect(1, from: place)[0]
            #expect(heardNear.type == "markers.removed" && heardNear.seq == announced.seq, "the place around it hears it go, numbered as the region")

            // Removing the far one is not for the place: the next it hears is a new approval inside.
            _ = try await room.removeFloodMarkers(region: region, [ids[1]])
            let inside = try await reporter.submitFloodMarker(region: region, FloodFixture.report()).id
            _ = try await room.approveFloodMarkers(region: region, .markers([inside]))
            let next = try await collect(1, from: place)[0]
            #expect(next.type == "markers.approved" && next.data["markers"]?.arrayValue?.first?["id"]?.numberValue == Double(inside))

            let newcomer = hub.client("device")
            let fresh = try await collect(1, from: try await newcomer.subscribe("flood/\(region)"))[0]
            #expect(fresh.data["markers"]?.arrayValue?.map { $0["id"] } == [.number(Double(inside))], "the state no longer holds them")
            #expect(
                await refusalCode { _ = try await room.removeFloodMarkers(region: region, [ids[0]]) } == "invalid_transition", "removed once only")

            let whole = try await curl("\(base).kml", caFile: hub.caFile)
            #expect(whole.headers["etag"] != before)
            #expect(try FloodKMLParser.parse(Data(whole.body.utf8)).markers.map { Int64($0.id) } == [inside], "the whole file no longer holds them")
            let delta = try FloodKMLParser.parse(Data(try await curl("\(base).kml?since=\(head)", caFile: hub.caFile).body.utf8)).markers
            #expect(delta.map { Int64($0.id) } == [inside, ids[0], ids[1]], "since: the new marker, then the two removed")
            #expect(delta.map(\.valid) == [true, false, false], "a removed marker is mark:Valid f, the seed's word for not to show")
            #expect(delta[1].observation.comment.isEmpty && delta[1].observation.location == FloodFixture.inside)
            let geo = json(try await curl("\(base).geojson?since=\(head)", caFile: hub.caFile).body)
            #expect(geo["removed"] == [.number(Double(ids[0])), .number(Double(ids[1]))])
            #expect(geo["features"]?.arrayValue?.map { $0["id"] } == [.number(Double(inside))])
            #expect(json(try await curl("\(base).geojson", caFile: hub.caFile).body)["removed"] == nil, "a whole file lists what is there")
            for client in [reporter, room, watcher, newcomer] { await client.close() }
        }
    }
}
