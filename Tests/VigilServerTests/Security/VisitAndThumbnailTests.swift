import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct ThumbnailTests {
    @Test func imagesAreCheckedByTheirBytesStoredOnceAndServedWithLongCaching() async throws {
        try await withHub { hub async throws in
            let jpeg = try await hub.upload(fixtureImage("snapshot.jpg"))
            #expect(jpeg.status == 201)
            let body = json(jpeg.body)
            let hash = try #require(body["hash"]?.stringValue)
            #expect(body["type"] == "image/jpeg" && body["width"] == 64 && body["height"] == 48)
            #expect(body["url"]?.stringValue == "/thumbnails/\(hash)")
            let again = try await hub.upload(fixtureImage("snapshot.jpg"), as: "guard")
            #expect(json(again.body)["hash"]?.stringValue == hash, "the same bytes are the same thumbnail")
            for (name, type) in [("snapshot.png", "image/png"), ("snapshot-lossy.webp", "image/webp"), ("alpha.webp", "image/webp")] {
                let answer = try await hub.upload(fixtureImage(name))
                #expect(answer.status == 201 && json(answer.body)["type"]?.stringValue == type, "\(name): \(answer.body)")
            }

            let download = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-download-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: download) }
            let served = try await curl("\(hub.httpsBase)/thumbnails/\(hash)", caFile: hub.caFile, saveBodyTo: download)
            #expect(served.status == 200)
            #expect(try Data(contentsOf: download) == Data(contentsOf: fixtureImage("snapshot.jpg")))
            #expect(served.headers["content-type"] == "image/jpeg")
            #expect(served.headers["cache-control"] == "private, max-age=31536000, immutable")
            #expect(served.headers["etag"] == "\"\(hash)\"")
            #expect(served.headers["x-content-type-options"] == "nosniff")
            #expect(served.headers["content-length"] == String(try Data(contentsOf: fixtureImage("snapshot.jpg")).count))
            let revalidated = try await curl("\(hub.httpsBase)/thumbnails/\(hash)", caFile: hub.caFile, headers: ["If-None-Match": "\"\(hash)\""])
            #expect(revalidated.status == 304 && revalidated.body.isEmpty)
            #expect(try await curl("\(hub.httpsBase)/thumbnails/\(String(repeating: "0", count: 64))", caFile: hub.caFile).status == 404)
            let traversal = try await curl("\(hub.httpsBase)/thumbnails/..%2F..%2Fetc%2Fpasswd", caFile: hub.caFile)
            #expect(traversal.status == 400, "a path that climbs out is refused before any route: \(traversal.status)")
        }
    }

    @Test func corruptOrForeignBytesAndUploadsWithoutATokenAreRefused() async throws {
        try await withHub { hub async throws in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-images-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let whole = try Data(contentsOf: fixtureImage("snapshot.png"))
            // The same small file declaring 8192x8192 in its IHDR (width and height at bytes 16-23).
            var huge = whole
            huge.replaceSubrange(16..<24, with: [0, 0, 0x20, 0, 0, 0, 0x20, 0])
            let cases: [(String, Data)] = [
                ("declared-8192x8192.png", huge),
                ("truncated.png", whole.prefix(whole.count - 20)),
                ("page.svg", Data("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".utf8)),
                ("empty.jpg", Data()),
                ("gif.png", Data("GIF89a".utf8) + whole),
            ]
            for (name, bytes) in cases {
                let file = directory.appendingPathComponent(name)
                try bytes.write(to: file)
                let answer = try await hub.upload(file)
                #expect(answer.status == 400, "\(name): \(answer.body)")
                #expect(json(answer.body)["code"] == "invalid_image", "\(name): \(answer.body)")
            }
            let big = directory.appendingPathComponent("big.jpg")
            try Data(count: 3 * 1024 * 1024).write(to: big)
            let tooBig = try await hub.upload(big)
            #expect(tooBig.status == 413 && json(tooBig.body)["code"] == "too_large")

            let anonymous = try await curl(
                "\(hub.httpsBase)/api/thumbnails", caFile: hub.caFile, method: "POST", body: "@\(fixtureImage("snapshot.jpg").path)")
            #expect(anonymous.status == 401)
            let forged = try await curl(
                "\(hub.httpsBase)/api/thumbnails", caFile: hub.caFile, method: "POST",
                headers: ["Authorization": "Bearer vgl_\(String(repeating: "A", count: 43))"], body: "@\(fixtureImage("snapshot.jpg").path)")
            #expect(forged.status == 401)
            let revoked = try await hub.upload(fixtureImage("snapshot.jpg"), as: "revoked")
            #expect(revoked.status == 401)
            // Nothing of the refused uploads was kept: the good image is still unknown.
            let hash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
            #expect(try await curl("\(hub.httpsBase)/thumbnails/\(hash)", caFile: hub.caFile).status == 404)
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct VisitTests {
    /// A camera's picture where its stream cannot be shown: the newest snapshot at the location of its
    /// id, which the site's guards may read though they read no `alerts/{site}` event; sealed by site.
    @Test func aLocationsNewestSnapshotIsServedToTheSitesGuardsAndNoOneElse() async throws {
        try await withHub { hub async throws in
            let path = "/api/sites/hq/locations/lobby/snapshot"
            #expect(json(try await hub.api("GET", path, as: "guard").body) == ["location": "lobby", "snapshot": .null], "nothing seen yet")
            let first = try await BrowserTests.DashboardTests.raise(hub, at: "lobby")
            let second = try await hub.upload(fixtureImage("snapshot.png"))
            let newest = try #require(json(second.body)["hash"]?.stringValue)
            let motion = try await hub.api(
                "POST", "/api/alerts", as: "device", body: ["site": "hq", "kind": "motion", "location": "lobby", "thumbnails": [.string(newest)]])
            #expect(motion.status == 200, "\(motion.body)")
            #expect(newest != first.hash)
            for role in ["guard", "operator", "admin"] {
                let answer = try await hub.api("GET", path, as: role)
                #expect(answer.status == 200 && json(answer.body)["snapshot"]?.stringValue == newest, "\(role): \(answer.body)")
            }
            // Sealed: a guard of another site, a device, and no token at all learn nothing of it.
            #expect(try await hub.api("GET", path, as: "guard-depot").status == 403)
            #expect(try await hub.api("GET", path, as: "device").status == 403)
            #expect(try await curl("\(hub.httpsBase)\(path)", caFile: hub.caFile).status == 401)
            #expect(
                json(try await hub.api("GET", "/api/sites/depot/locations/lobby/snapshot", as: "guard-depot").body)["snapshot"] == .null,
                "the depot's lobby is another place")
        }
    }

    @Test func motionStartsAVisitThatEndsAfterTheQuietPeriodWithItsSnapshots() async throws {
        try await withHub { hub async throws in
            try await hub.setTimings(of: "hq", quietAfterMs: 800)
            let room = hub.client("operator")
            let stream = try await room.subscribe("alerts/hq")
            _ = try await collect(1, from: stream)
            let first = try #require(json(try await hub.upload(fixtureImage("snapshot.jpg")).body)["hash"])
            let second = try #require(json(try await hub.upload(fixtureImage("snapshot.png")).body)["hash"])

            // The PIR sensor's script posts over HTTP with its device token.
            let raised = try await hub.api(
                "POST", "/api/alerts", as: "device",
                body: ["site": "hq", "kind": "motion", "location": "front-door", "locationName": "Front door", "thumbnails": [first]])
            #expect(raised.status == 200, "\(raised.body)")
            let alert = json(raised.body)["data"]?["alert"]
            let visit = try #require(alert?["visit"])
            #expect(alert?["thumbnails"] == [first])
            let more = try await hub.api(
                "POST", "/api/alerts", as: "device", body: ["site": "hq", "kind": "motion", "location": "front-door", "thumbnails": [second]])
            #expect(json(more.body)["type"] == "visit.motion", "motion during a visit extends it: \(more.body)")
            try await hub.advance(by: .milliseconds(799))
            #expect(try await room.history(topic: "alerts/hq").count == 2, "the visit goes on until the quiet period is over")
            try await hub.advance(by: .milliseconds(1))

            let events = try await collect(3, from: stream, timeout: .seconds(10))
            #expect(events.map(\.type) == ["alert.raised", "visit.motion", "visit.ended"])
            #expect(events[1].data["visit"] == visit && events[1].data["thumbnails"] == [second])
            let ended = events[2].data["visit"]
            #expect(ended?["id"] == visit && ended?["snapshots"] == [first, second])
            let startedAt = try #require(ended?["startedAt"]?.numberValue)
            let endedAt = try #require(ended?["endedAt"]?.numberValue)
            #expect(endedAt - startedAt == 800, "a visit ends when its quiet period is over")

            let locations = json(try await hub.api("GET", "/api/sites/hq/locations", as: "operator").body)
            #expect(
                locations["locations"] == [
                    ["id": "front-door", "name": "Front door", "visited": false, "lastMotionAt": .number(Double(events[1].ts))]
                ])
            let visits = json(try await hub.api("GET", "/api/sites/hq/locations/front-door/visits", as: "operator").body)
            #expect(visits["visits"]?.arrayValue?.count == 1)
            #expect(visits["visits"]?.arrayValue?.first?["snapshots"] == [first, second])
            #expect(visits["visits"]?.arrayValue?.first?["alert"] == alert?["id"])

            // New motion after the quiet period is a new visit and a new alert.
            let again = json(
                try await hub.api("POST", "/api/alerts", as: "device", body: ["site": "hq", "kind": "motion", "location": "front-door"]).body)
            #expect(again["type"] == "alert.raised" && again["data"]?["alert"]?["visit"] != visit)
            await room.close()
        }
    }

    @Test func visitsArePagedNewestFirstAndOnlyTheControlRoomReadsThem() async throws {
        try await withHub { hub async throws in
            try await hub.setTimings(of: "hq", quietAfterMs: 1)
            let device = hub.client("device")
            var visits: [JSONValue] = []
            for round in 0..<5 {
                let ok = try await device.request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "motion", "location": "yard"]))
                visits.append(try #require(ok["data"]?["alert"]?["visit"], "round \(round): \(ok)"))
                try await hub.advance(by: .milliseconds(1))
                let admin = hub.client("admin")
                #expect(try await admin.history(topic: "alerts/hq").last?.type == "visit.ended")
                await admin.close()
            }
            let page1 = json(try await hub.api("GET", "/api/sites/hq/locations/yard/visits?limit=2", as: "admin").body)
            #expect(page1["visits"]?.arrayValue?.map { $0["id"] } == [visits[4], visits[3]])
            let next = try #require(page1["next"]?.numberValue)
            let page2 = json(try await hub.api("GET", "/api/sites/hq/locations/yard/visits?limit=2&before=\(Int(next))", as: "admin").body)
            #expect(page2["visits"]?.arrayValue?.map { $0["id"] } == [visits[2], visits[1]])
            let page3 = json(
                try await hub.api("GET", "/api/sites/hq/locations/yard/visits?limit=2&before=\(Int(page2["next"]?.numberValue ?? 0))", as: "admin")
                    .body)
            #expect(page3["visits"]?.arrayValue?.map { $0["id"] } == [visits[0]])
            #expect(page3["next"] == nil)

            #expect(try await hub.api("GET", "/api/sites/hq/locations", as: "guard").status == 403)
            #expect(try await hub.api("GET", "/api/sites/hq/locations", as: "device").status == 403)
            #expect(try await hub.api("GET", "/api/sites/depot/locations", as: "operator").status == 403)
            #expect(try await hub.api("GET", "/api/sites/hq/locations/nowhere/visits", as: "operator").status == 404)
            #expect(try await curl("\(hub.httpsBase)/api/sites/hq/locations", caFile: hub.caFile).status == 401)
            await device.close()
        }
    }

    @Test func anAlertNamingAnUnknownThumbnailIsRefused() async throws {
        try await withHub { hub async throws in
            let answer = try await hub.api(
                "POST", "/api/alerts", as: "device",
                body: ["site": "hq", "kind": "door", "thumbnails": .array([.string(String(repeating: "ab", count: 32))])])
            #expect(answer.status == 404 && json(answer.body)["code"] == "not_found", "\(answer.body)")
            #expect(try await hub.api("POST", "/api/alerts", as: "device", body: ["kind": "door"]).status == 400)
            #expect(try await hub.api("POST", "/api/alerts", as: "guard-depot", body: ["site": "hq", "kind": "door"]).status == 403)
            let admin = hub.client("admin")
            #expect(try await admin.history(topic: "alerts/hq").isEmpty)
            await admin.close()
        }
    }
}
