import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(3))) struct FloodFileTests {
    @Test func anEventsMarkersComeAsKMLAndGeoJSONWithEntityTagsAndDeltas() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let room = hub.client("operator")
            var ids: [Int] = []
            for severity in [2, 5, 3] {
                ids.append(try markerID(try await reporter.submitFloodMarker(region: "red-river", FloodFixture.report(severity: severity))))
            }
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([ids[0], ids[1]]))
            let base = "\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers"

            let kml = try await curl("\(base).kml", caFile: hub.caFile)
            let etag = try #require(kml.headers["etag"])
            #expect(try FloodKMLParser.parse(Data(kml.body.utf8)).markers.map(\.id) == [ids[0], ids[1]], "approved markers only")
            #expect(!kml.body.contains("rita@example.com") && !kml.body.contains("555 0100"))
            let unchanged = try await curl("\(base).kml", caFile: hub.caFile, headers: ["If-None-Match": etag])
            #expect(unchanged.status == 304 && unchanged.body.isEmpty, "an unchanged file is not sent again")

            let head = try #require(try await collect(1, from: try await reporter.subscribe("flood/red-river"))[0].data["head"]?.numberValue.map(Int.init))
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([ids[2]]))
            let changed = try await curl("\(base).kml", caFile: hub.caFile, headers: ["If-None-Match": etag])
            #expect(changed.status == 200 && changed.headers["etag"] != etag)
            #expect(try FloodKMLParser.parse(Data(changed.body.utf8)).markers.count == 3)
            let delta = try await curl("\(base).kml?since=\(head)", caFile: hub.caFile)
            #expect(try FloodKMLParser.parse(Data(delta.body.utf8)).markers.map(\.id) == [ids[2]], "since: only what was approved after it")

            let geo = json(try await curl("\(base).geojson?since=\(head)", caFile: hub.caFile).body)
            #expect(geo["type"] == "FeatureCollection")
            let feature = try #require(geo["features"]?.arrayValue?.first)
            #expect(geo["features"]?.arrayValue?.count == 1 && feature["id"]?.numberValue == Double(ids[2]))
            #expect(feature["geometry"] == ["type": "Point", "coordinates": [-96.8, 46.9]], "GeoJSON is longitude, latitude")
            #expect(feature["properties"]?["severity"] == 3 && feature["properties"]?["email"] == nil)
            let all = json(try await curl("\(base).geojson", caFile: hub.caFile).body)
            #expect(all["features"]?.arrayValue?.count == 3)

            #expect(try await curl("\(base).kml?since=99999", caFile: hub.caFile).status == 400, "a since past the head")
            #expect(try await curl("\(base).kml?since=abc", caFile: hub.caFile).status == 400)
            #expect(try await curl("\(hub.httpsBase)/api/flood/events/999/markers.kml", caFile: hub.caFile).status == 404)
            for client in [reporter, room] { await client.close() }
        }
    }

    @Test(.enabled(if: OGRInfo.isAvailable, "needs GDAL's ogrinfo (Debian gdal-bin)"))
    func gdalReadsTheKMLAsQGISWould() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let room = hub.client("operator")
            let marker = try await reporter.submitFloodMarker(region: "red-river", FloodFixture.report(description: "Water <over> the road & rising"))
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([try markerID(marker)]))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-flood-\(UUID().uuidString).kml")
            defer { try? FileManager.default.removeItem(at: file) }
            let saved = try await curl("\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers.kml", caFile: hub.caFile, saveBodyTo: file)
            #expect(saved.status == 200)
            let (status, output) = try await OGRInfo.read(file)
            #expect(status == 0, "\(output)")
            #expect(output.components(separatedBy: "OGRFeature(Spring 2026)").count == 2, "one feature in the event's layer: \(output)")
            #expect(output.contains("POINT (-96.8 46.9"), "the point where it was reported, longitude first: \(output)")
            #expect(output.contains("Style = @sever_3"), "the severity's style: \(output)")
            for client in [reporter, room] { await client.close() }
        }
    }
}
