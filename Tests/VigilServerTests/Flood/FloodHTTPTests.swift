import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct FloodHTTPTests {
    @Test func theCommandLineMakesARegionAndHTTPCarriesReportsAndDecisions() async throws {
        try await withHub { hub async throws in
            let connection = ["--url", hub.url, "--token", hub.token("admin"), "--ca", hub.caFile]
            let created = try await runVigil(
                ["flood", "region", "create", "red-river", "--name", "Red River", "--time-zone", "America/Chicago"] + connection)
            #expect(created.status == 0 && created.output.contains("flood region red-river"), "\(created.output)")
            let added = try await runVigil(
                [
                    "flood", "boundary", "add", "--region", "red-river", "--name", "Fargo", "--north-west", "46.95,-96.9", "--south-east",
                    "46.8,-96.75",
                ] + connection)
            #expect(added.status == 0, "\(added.output)")
            let again = try await runVigil(["flood", "region", "create", "red-river", "--name", "Twice", "--time-zone", "UTC"] + connection)
            #expect(again.status == 2, "a second region with the id is refused: \(again.output)")

            let regions = json(try await hub.api("GET", "/api/flood/regions", as: "guard").body)
            #expect(regions["regions"]?.arrayValue?.first?["region"]?["name"] == "Red River", "the refused second creation changed nothing")
            let fargo = try #require(regions["regions"]?.arrayValue?.first?["boundaries"]?.arrayValue?.first)
            #expect(fargo["name"] == "Fargo" && fargo["northWest"]?["latitude"] == 46.95 && fargo["southEast"]?["longitude"] == -96.75)
            let boundary = try #require(fargo["id"]?.numberValue.map(Int.init))
            let opened = try await hub.api(
                "POST", "/api/publish", as: "operator",
                body: [
                    "topic": "flood/red-river", "type": "open_event", "data": ["boundary": .number(Double(boundary)), "name": "Spring"],
                ])
            #expect(opened.status == 200, "\(opened.body)")

            let issued = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "reporter", "name": "rita", "sites": ["hq"]])
            let reporter = try #require(json(issued.body)["secret"]?.stringValue)
            let photo = try await curl(
                "\(hub.httpsBase)/api/thumbnails", caFile: hub.caFile, method: "POST",
                headers: ["Authorization": "Bearer \(reporter)", "Content-Type": "application/octet-stream"],
                body: "@\(fixtureImage("snapshot.jpg").path)")
            let hash = try #require(json(photo.body)["hash"]?.stringValue, "\(photo.body)")
            let submitted = try await hub.api(
                "POST", "/api/flood/regions/red-river/markers", bearer: reporter,
                body: [
                    "latitude": 46.9, "longitude": -96.8, "severity": 4, "description": "Basement flooded", "picture": .string(hash),
                    "email": "rita@example.com",
                ])
            #expect(submitted.status == 200, "\(submitted.body)")
            let marker = try #require(json(submitted.body)["data"]?["marker"])
            #expect(marker["status"] == "pending" && marker["picture"]?.stringValue == hash)

            let outside = try await hub.api(
                "POST", "/api/flood/regions/red-river/markers", bearer: reporter, body: ["latitude": 10, "longitude": 10, "severity": 4])
            #expect(outside.status == 400 && json(outside.body)["code"] == "outside_boundary", "\(outside.body)")
            let byReporter = try await hub.api(
                "POST", "/api/flood/regions/red-river/moderation", bearer: reporter, body: ["decision": "approve", "markers": [marker["id"]!]])
            #expect(byReporter.status == 403)
            let unknownDecision = try await hub.api(
                "POST", "/api/flood/regions/red-river/moderation", as: "operator", body: ["decision": "maybe", "markers": [marker["id"]!]])
            #expect(unknownDecision.status == 400 && json(unknownDecision.body)["code"] == "invalid_data")
            let approved = try await hub.api(
                "POST", "/api/flood/regions/red-river/moderation", as: "operator",
                body: ["decision": "approve", "boundary": .number(Double(boundary))])
            #expect(approved.status == 200, "\(approved.body)")
            #expect(json(approved.body)["data"]?["markers"]?.arrayValue?.first?["id"] == marker["id"])
            #expect(json(approved.body)["data"]?["markers"]?.arrayValue?.first?["email"] == nil)
            let removed = try await hub.api(
                "POST", "/api/flood/regions/red-river/moderation", as: "operator", body: ["decision": "remove", "markers": [marker["id"]!]])
            #expect(removed.status == 200 && json(removed.body)["data"]?["markers"]?.arrayValue?.first?["id"] == marker["id"], "\(removed.body)")
            #expect(try await hub.api("POST", "/api/flood/regions", as: "operator", body: ["id": "x", "name": "X", "timeZone": "UTC"]).status == 403)
            for (body, refusal) in [
                (["name": "X", "timeZone": "UTC"], "data.id is required"), (["id": "x/y", "name": "X", "timeZone": "UTC"], "data.id must be 1-64"),
                (["id": "x", "timeZone": "UTC"], "data.name is required"),
            ] as [(JSONValue, String)] {
                let refused = try await hub.api("POST", "/api/flood/regions", as: "admin", body: body)
                #expect(refused.status == 400 && json(refused.body)["message"]?.stringValue?.hasPrefix(refusal) == true, "\(refused.body)")
            }
            #expect(try await hub.api("GET", "/api/flood/regions", bearer: "nonsense").status == 401)
        }
    }
}
