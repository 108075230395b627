import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct FloodLegacyTests {
    private static let chicago = TimeZone(identifier: "America/Chicago")!

    @Test func theOldAppsFourCommandsAreAnsweredFromTheHub() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub, anonymous: true)
            let app = LegacyFloodClient(hub)
            let fargo = try GeoBox(northWest: GeoPoint(latitude: 46.95, longitude: -96.9), southEast: GeoPoint(latitude: 46.8, longitude: -96.75))
            #expect(
                try await app.command(LegacyFloodClient.getRegions)
                    == .regions([
                        FloodRegion(id: 1, name: "Red River", boundaries: [FloodBoundary(id: Int(fixture.boundary), name: "Fargo", box: fargo)])
                    ]))
            let openedAt = try #require(try await hub.client("admin").history(topic: "flood/red-river").first { $0.type == "event.opened" }?.ts)
            let start = LocalTimestamp(Date(timeIntervalSince1970: Double(openedAt) / 1000), in: Self.chicago)
            #expect(
                try await app.command(LegacyFloodClient.getEvents(boundary: Int(fixture.boundary)))
                    == .events(
                        boundaryID: Int(fixture.boundary), [FloodEvent(id: Int(fixture.event), name: "Spring 2026", start: start, end: nil)]))
            #expect(try await app.command(LegacyFloodClient.getEvents(boundary: 99)) == .failure(.getEventsByBoundaryID, message: "no boundary 99"))

            let photo = try Data(contentsOf: fixtureImage("snapshot.jpg"))
            let submitted = try await app.command(LegacyFloodClient.submitMarker(image: photo))
            guard case .submitMarker(let result) = submitted else { throw TimedOut(what: "a SubmitMarker answer, got \(submitted)") }
            #expect(result.status == .markerAndImageAdded, "\(result.message)")
            let room = hub.client("operator")
            let pending = try #require(
                try await collect(1, from: try await room.subscribe("flood/red-river/reports"))[0].data["pending"]?.arrayValue?.first)
            let seen = LocalTimestamp("2026-03-11 15:53:41")!.date(in: Self.chicago).timeIntervalSince1970 * 1000
            #expect(pending["observedAt"]?.numberValue == seen, "the seed's date without a zone is read in the region's zone")
            #expect(pending["reporter"] == "(anonymous)" && pending["email"] == "rita@example.com" && pending["phone"] == "555555")
            #expect(pending["coverType"] == "_" && pending["coverHeight"] == 1 && pending["severity"] == 4)
            let picture = try #require(pending["picture"]?.stringValue)
            let stored = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-flood-photo-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: stored) }
            #expect(try await curl("\(hub.httpsBase)/thumbnails/\(picture)", caFile: hub.caFile, saveBodyTo: stored).status == 200)
            #expect(try Data(contentsOf: stored) == photo, "the photo as the app sent it is in the thumbnail store")
            #expect(try await room.history(topic: "flood/red-river").allSatisfy { $0.type != "marker.submitted" }, "nothing reached the public")

            #expect(try await room.approveFloodMarkers(region: "red-river", .markers([try markerID(pending)])).count == 1)
            let fileAnswer = try await app.command(LegacyFloodClient.getMarkerFile(event: Int(fixture.event), boundary: Int(fixture.boundary)))
            let kmlPath = "/api/flood/events/\(fixture.event)/markers.kml"
            #expect(fileAnswer == .markerFile(eventID: Int(fixture.event), boundaryID: Int(fixture.boundary), url: "\(hub.httpsBase)\(kmlPath)"))
            let kml = try await curl("\(hub.httpsBase)\(kmlPath)", caFile: hub.caFile)
            #expect(kml.status == 200 && kml.headers["content-type"] == "application/vnd.google-earth.kml+xml")
            let file = try FloodKMLParser.parse(Data(kml.body.utf8))
            let marker = try #require(file.markers.first)
            #expect(file.name == "Spring 2026" && file.markers.count == 1)
            #expect(marker.observation.observationTime.description == "2026-03-11 15:53:41" && marker.valid)
            #expect(marker.observation.severity.level == 4 && marker.observation.comment == "Puddles on the road, nothing serious yet.")
            #expect(marker.observation.email.isEmpty && marker.observation.phoneNumber.isEmpty, "no contact in a public file")
            #expect(marker.imageURL == "\(hub.httpsBase)/api/flood/photos/\(picture)")
            #expect(try await curl(marker.imageURL, caFile: hub.caFile, saveBodyTo: stored).status == 200)
            #expect(try Data(contentsOf: stored) == photo, "the file's link gives the photo")
            #expect(
                try await app.command(LegacyFloodClient.getMarkerFile(event: Int(fixture.event), boundary: 99))
                    == .failure(.getMarkerFile, message: "no event \(fixture.event) in boundary 99"))
            await room.close()
        }
    }

    @Test func badLegacyInputGetsItsErrorAndChangesNothing() async throws {
        try await withHub { hub async throws in
            _ = try await FloodFixture.make(hub, anonymous: true)
            let admin = hub.client("admin")
            _ = try await admin.createFloodRegion("souris", name: "Souris", timeZone: "America/Chicago")
            let minot = try await admin.addFloodBoundary(
                region: "souris", name: "Minot", northWest: GeoPoint(latitude: 48.3, longitude: -101.4),
                southEast: GeoPoint(latitude: 48.2, longitude: -101.2))
            _ = try await admin.openFloodEvent(region: "souris", boundary: minot.id, name: "2026")
            let app = LegacyFloodClient(hub)
            let before = try await reports(hub)

            let hostile = [
                "<!DOCTYPE phone [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><phone><command>GetRegions</command><x>&xxe;</x></phone>",
                "<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]><phone><command>&lol2;</command></phone>",
                "<phone><command>GetRegions</command>", "GetRegions", "<phone><command>DropTables</command></phone>",
                LegacyFloodClient.submitMarker(severity: "0"), LegacyFloodClient.submitMarker(severity: "6"),
                LegacyFloodClient.submitMarker(location: "95,-96.8"), LegacyFloodClient.submitMarker(time: "yesterday"),
                // Two roots or two commands: which one was meant is not for the hub to guess.
                "<phone><command>GetRegions</command></phone>\n" + LegacyFloodClient.submitMarker(),
                "<phone><command>GetRegions</command><command>DropTables</command></phone>",
                LegacyFloodClient.submitMarker().replacingOccurrences(
                    of: "<severity>4</severity>", with: "<severity>4</severity><severity>1</severity>"),
            ]
            for document in hostile {
                let answer = try await app.post(document)
                #expect(answer.status == 400 && json(answer.body)["code"] == "bad_request", "\(document.prefix(60)): \(answer.status) \(answer.body)")
            }
            let failures: [(String, String)] = [
                (LegacyFloodClient.submitMarker(location: "47.5,-96.8"), "the marker lies in no boundary with an open flood event"),
                (LegacyFloodClient.submitMarker(location: "48.25,-101.3"), "region Souris takes markers only from reporters with a token"),
                (LegacyFloodClient.submitMarker(image: Data("not a picture at all".utf8)), "image"),
            ]
            for (document, message) in failures {
                guard case .submitMarker(let result) = try await app.command(document) else { throw TimedOut(what: "a SubmitMarker answer") }
                #expect(result.status == .failed && result.message.contains(message), "\(result.message)")
            }
            #expect(try await reports(hub) == before, "no refused marker was stored")
            await admin.close()
        }
    }

    @Test func aFloodOfSubmissionsFromOneAddressIsCutOff() async throws {
        try await withHub(server: { $0.openRequestsBurst = 3 }) { hub async throws in
            _ = try await FloodFixture.make(hub, anonymous: true)
            let app = LegacyFloodClient(hub)
            var statuses: [Int] = []
            for _ in 1...5 { statuses.append(try await app.post(LegacyFloodClient.submitMarker()).status) }
            #expect(statuses == [200, 200, 200, 429, 429])
            let refused = try await app.post(LegacyFloodClient.submitMarker())
            #expect(json(refused.body)["code"] == "rate_limited")
            #expect(try await reports(hub).count == 3, "three markers stored, the rest refused")
            try await hub.advance(by: .seconds(1))
            #expect(try await app.post(LegacyFloodClient.submitMarker()).status == 200, "a second later the address may send one more")
            let tokenHolder = try await hub.api("GET", "/api/flood/regions", as: "guard")
            #expect(tokenHolder.status == 200, "requests with a token are bounded by their token, not the address")
        }
    }

    @Test func thePlainHTTPListenerServesTheLegacyPathsAndNothingElse() async throws {
        try await withHub(server: { $0.legacyHTTPPort = 0 }) { hub async throws in
            let fixture = try await FloodFixture.make(hub, anonymous: true)
            let port = try #require(hub.running?.legacyHTTPPort)
            #expect(port != hub.port)
            let app = LegacyFloodClient(plainHTTPPort: port, caFile: hub.caFile)
            guard case .regions(let regions) = try await app.command(LegacyFloodClient.getRegions) else { throw TimedOut(what: "regions") }
            #expect(regions.map(\.name) == ["Red River"])
            let file = try await app.command(LegacyFloodClient.getMarkerFile(event: Int(fixture.event), boundary: Int(fixture.boundary)))
            let url = "http://127.0.0.1:\(port)/api/flood/events/\(fixture.event)/markers.kml"
            #expect(
                file == .markerFile(eventID: Int(fixture.event), boundaryID: Int(fixture.boundary), url: url),
                "the file is on the listener the app asked")
            #expect(try await curl(url, caFile: hub.caFile).status == 200)

            // The app follows the file's photo links on the listener it asked: approved markers' photos only.
            let photo = try Data(contentsOf: fixtureImage("snapshot.jpg"))
            guard case .submitMarker(let result) = try await app.command(LegacyFloodClient.submitMarker(image: photo)) else {
                throw TimedOut(what: "a SubmitMarker answer")
            }
            #expect(result.status == .markerAndImageAdded, "\(result.message)")
            let room = hub.client("operator")
            let pending = try #require(
                try await collect(1, from: try await room.subscribe("flood/red-river/reports"))[0].data["pending"]?.arrayValue?.first)
            let picture = try #require(pending["picture"]?.stringValue)
            let photoURL = "http://127.0.0.1:\(port)/api/flood/photos/\(picture)"
            #expect(try await curl(photoURL, caFile: hub.caFile).status == 404, "a pending marker's photo is not the public's")
            #expect(try await room.approveFloodMarkers(region: "red-river", .markers([try markerID(pending)])).count == 1)
            await room.close()
            let kml = try FloodKMLParser.parse(Data(try await curl(url, caFile: hub.caFile).body.utf8))
            #expect(kml.markers.map(\.imageURL) == [photoURL])
            let saved = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-flood-photo-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: saved) }
            let served = try await curl(photoURL, caFile: hub.caFile, saveBodyTo: saved)
            #expect(served.status == 200 && served.headers["content-type"] == "image/jpeg")
            #expect(try Data(contentsOf: saved) == photo)
            let other = try #require(json(try await hub.upload(fixtureImage("snapshot.png")).body)["hash"]?.stringValue)
            #expect(try await curl("http://127.0.0.1:\(port)/api/flood/photos/\(other)", caFile: hub.caFile).status == 404, "no other thumbnail")

            for path in [
                "/thumbnails/\(picture)", "/api/flood/regions", "/api/flood/events/\(fixture.event)/markers.geojson", "/healthz", "/index.html",
                "/ws",
                "/api/publish",
            ] {
                #expect(try await curl("http://127.0.0.1:\(port)\(path)", caFile: hub.caFile).status == 404, "\(path) is not served in plain HTTP")
            }
        }
        try await withHub { hub async throws in
            #expect(hub.running?.legacyHTTPPort == nil, "off unless asked for")
        }
    }

    /// The reports topic's log, as an admin reads it.
    private func reports(_ hub: TestHub) async throws -> [String] {
        let admin = hub.client("admin")
        defer { Task { await admin.close() } }
        return try await admin.history(topic: "flood/red-river/reports").map { "\($0.seq) \($0.type) \($0.data.canonicalText)" }
    }
}
