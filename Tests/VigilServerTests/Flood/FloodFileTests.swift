import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

@Suite(.timeLimit(.minutes(10))) struct FloodFileTests {
    @Test func anEventsMarkersComeAsKMLAndGeoJSONWithEntityTagsAndDeltas() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let room = hub.client("operator")
            let ids = try await FloodFixture.submit([2, 5, 3].map { FloodFixture.report(severity: $0) }, as: reporter)
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([ids[0], ids[1]]))
            let base = "\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers"

            let kml = try await curl("\(base).kml", caFile: hub.caFile)
            let etag = try #require(kml.headers["etag"])
            #expect(try FloodKMLParser.parse(Data(kml.body.utf8)).markers.map { Int64($0.id) } == [ids[0], ids[1]], "approved markers only")
            #expect(!kml.body.contains("rita@example.com") && !kml.body.contains("555 0100"))
            let unchanged = try await curl("\(base).kml", caFile: hub.caFile, headers: ["If-None-Match": etag])
            #expect(unchanged.status == 304 && unchanged.body.isEmpty, "an unchanged file is not sent again")

            let head = try #require(
                try await collect(1, from: try await reporter.subscribe("flood/red-river"))[0].data["head"]?.numberValue.map(Int.init))
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([ids[2]]))
            let changed = try await curl("\(base).kml", caFile: hub.caFile, headers: ["If-None-Match": etag])
            #expect(changed.status == 200 && changed.headers["etag"] != etag)
            #expect(try FloodKMLParser.parse(Data(changed.body.utf8)).markers.count == 3)
            let delta = try await curl("\(base).kml?since=\(head)", caFile: hub.caFile)
            #expect(
                try FloodKMLParser.parse(Data(delta.body.utf8)).markers.map { Int64($0.id) } == [ids[2]], "since: only what was approved after it")

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

    @Test func aClientThatTakesGzipGetsTheSameFileCompressedAndTheOldAppGetsItPlain() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let ids = try await FloodFixture.submit((1...5).map { FloodFixture.report(severity: $0) }, as: reporter)
            let room = hub.client("operator")
            _ = try await room.approveFloodMarkers(region: "red-river", .markers(ids))
            let url = "\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers.kml"

            let plain = try await curl(url, caFile: hub.caFile)
            #expect(plain.headers["content-encoding"] == nil, "no Accept-Encoding, as the old app asks: plain KML")
            #expect(plain.headers["vary"] == "Accept-Encoding")
            #expect(try FloodKMLParser.parse(Data(plain.body.utf8)).markers.map { Int64($0.id) } == ids)
            let refused = try await curl(url, caFile: hub.caFile, headers: ["Accept-Encoding": "gzip;q=0, identity"])
            #expect(refused.headers["content-encoding"] == nil && refused.body == plain.body)

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-flood-\(UUID().uuidString).kml.gz")
            defer { try? FileManager.default.removeItem(at: file) }
            for accept in ["gzip", "br, gzip;q=0.5", "*"] {
                let zipped = try await curl(url, caFile: hub.caFile, headers: ["Accept-Encoding": accept], saveBodyTo: file)
                #expect(zipped.headers["content-encoding"] == "gzip" && zipped.headers["vary"] == "Accept-Encoding", "\(accept): \(zipped.headers)")
                #expect(try Data(contentsOf: file).prefix(2) == Data([0x1F, 0x8B]), "a gzip member")
                let unzipped = try await offThePool { try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["gzip", "-dc", file.path]) }
                #expect(unzipped.status == 0 && unzipped.output == plain.body, "the same file, compressed")
                let etag = try #require(zipped.headers["etag"])
                #expect(etag != plain.headers["etag"], "each form has its own entity tag")
                let unchanged = try await curl(url, caFile: hub.caFile, headers: ["Accept-Encoding": accept, "If-None-Match": etag])
                #expect(unchanged.status == 304 && unchanged.headers["vary"] == "Accept-Encoding")
            }
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
            _ = try await room.approveFloodMarkers(region: "red-river", .markers([marker.id]))
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
