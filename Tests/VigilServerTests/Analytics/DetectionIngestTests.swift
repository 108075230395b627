import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct DetectionIngestTests {
    @Test func batchesPostedOrPublishedAreStoredAndGoLiveWithoutEnteringTheLog() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let thumbnail = try #require(json(try await hub.upload(fixtureImage("snapshot.jpg")).body)["hash"]?.stringValue)
            let before = try await hub.analyticsRowCounts()
            let room = hub.client("operator")
            let lobby = try await room.subscribe("detections/hq/lobby")

            var body = try batchJSON(
                camera: "lobby", frame: (640, 480),
                [
                    detection(
                        at: 250, Rect(x: 100, y: 120, width: 40, height: 110), track: 17, thumbnail: thumbnail, appearance: [0.5, -0.5, 0.25, 0]),
                    detection(at: 500, Rect(x: 104, y: 121, width: 40, height: 110), label: "car", score: 0.5, track: 17),
                ])
            body = .object((body.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
            let posted = try await hub.api("POST", "/api/detections", as: "device", body: body)
            #expect(posted.status == 200, "\(posted.body)")
            #expect(json(posted.body)["detections"] == 2 && json(posted.body)["seq"] == nil && json(posted.body)["data"] == nil)

            let live = try await collect(1, from: lobby)[0]
            #expect(live.type == "detections" && live.seq == nil && live.from == "pir-1")
            let items = live.data["detections"]?.arrayValue ?? []
            #expect(items.count == 2)
            #expect(items.first?["ts"]?.numberValue == Double(detectionTime(250)))
            #expect(items.first?["box"] == ["x": 100, "y": 120, "width": 40, "height": 110])
            #expect(items.first?["thumbnail"]?.stringValue == thumbnail && items.first?["appearance"] == nil, "the overlay carries no vectors")
            #expect(items.last?["label"] == "car" && items.last?["track"] == 17 && items.last?["thumbnail"] == nil)
            #expect(live.data["camera"] == "lobby" && live.data["frame"] == ["width": 640, "height": 480])
            let ids = items.compactMap { $0["id"]?.numberValue }
            #expect(ids.count == 2 && ids[0] < ids[1])

            // A backend on a WebSocket publishes on the camera's topic; `camera` may be left out.
            let backend = hub.client("device")
            var dockBatch = try batchJSON(camera: "dock", frame: (320, 240), [detection(at: 900, Rect(x: 0, y: 0, width: 320, height: 240))])
            dockBatch = .object((dockBatch.objectValue ?? [:]).filter { $0.key != "camera" })
            let ok = try await backend.request(.publish(topic: "detections/hq/dock", type: "batch", data: dockBatch))
            #expect(ok["detections"] == 1 && ok["seq"] == nil)

            let after = try await hub.analyticsRowCounts()
            #expect(after["detections"] == before["detections"].map { $0 + 3 })
            #expect(after["detection_boxes"] == before["detection_boxes"].map { $0 + 3 }, "every box is indexed")
            #expect(after["events"] == before["events"], "detections are rows, not events of the log")
            #expect(try await room.history(topic: "detections/hq/lobby").isEmpty)

            // The stored rows answer a query: the whole lobby frame holds both lobby detections, one per track.
            let found = json(
                try await hub.roi([
                    "cameras": ["lobby", "dock"], "from": .number(Double(detectionTime(0))), "to": .number(Double(detectionTime(1000))),
                    "regions": [["rect": ["x": 0, "y": 0, "width": 640, "height": 480]]], "rule": ["intensity": 1], "group": "none",
                ]).body)
            #expect(found["results"]?.arrayValue?.count == 3, "\(found)")
            #expect(found["results"]?.arrayValue?.compactMap { $0["id"]?.numberValue }.filter(ids.contains).count == 2)
            for client in [room, backend] { await client.close() }
        }
    }

    /// Each of a large batch's detections that the overlay tells keeps its own id: under that id the
    /// query finds its own time and box, and the image query its own vector.
    @Test func aLargeBatchKeepsEachDetectionsIdBoxAndVectorTogether() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            let lobby = try await room.subscribe("detections/hq/lobby")
            var random = SeededRandom(seed: 29)
            let detections = (0..<301).map { index in
                detection(
                    at: Int64(index), Rect(x: Double(index % 500), y: Double(index % 300), width: 20, height: 40), track: index,
                    appearance: (0..<8).map { _ in Float(random.uniform(-1...1)) })
            }
            var body = try batchJSON(camera: "lobby", frame: (640, 480), detections)
            body = .object((body.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
            #expect(try await hub.api("POST", "/api/detections", as: "device", body: body).status == 200)
            let told = try await collect(1, from: lobby)[0].data["detections"]?.arrayValue ?? []
            let ids = told.compactMap { $0["id"]?.numberValue.map(Int64.init) }
            #expect(ids.count == 301 && Set(ids).count == 301)

            let window = (from: detectionTime(0), to: detectionTime(1000))
            let page = try await room.roi(
                site: "hq",
                RoiQueryData(
                    DetectionSelection(
                        cameras: ["lobby"], from: window.from, to: window.to, regions: [.rect(Rect(x: 0, y: 0, width: 640, height: 480))],
                        rule: .intensity(1)), group: .perDetection, limit: 500))
            #expect(page.total == 301)
            let byID = Dictionary(uniqueKeysWithValues: page.results.map { ($0.detection.id, $0.detection) })
            for (id, sent) in zip(ids, detections) {
                #expect(byID[id]?.ts == sent.milliseconds && byID[id]?.box == sent.box, "detection \(id)")
            }
            for index in [0, 255, 256, 300] {
                let vector = (detections[index].appearance ?? []).map(Double.init)
                let nearest = try await room.similar(
                    site: "hq", SimilarQueryData(.vector(vector), from: window.from, to: window.to, k: 1, group: .perDetection))
                #expect(nearest.map(\.detection.id) == [ids[index]], "the vector of detection \(index) is its own")
            }
            await room.close()
        }
    }

    @Test func aBadBatchIsRefusedWholeNamingTheFieldAndStoresNothing() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let thumbnail = try #require(json(try await hub.upload(fixtureImage("snapshot.png")).body)["hash"]?.stringValue)
            let backend = hub.client("device")
            let good = detection(at: 0, Rect(x: 10, y: 10, width: 20, height: 40), track: 1, thumbnail: thumbnail, appearance: [1, 0, 0, 0])
            // Fixes the site's appearance length at 4.
            _ = try await backend.request(
                .publish(topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), [good])))
            let before = try await hub.analyticsRowCounts()

            func refusal(_ data: JSONValue, on topic: String = "detections/hq/lobby", type: String = "batch", as client: VigilClient? = nil) async
                -> (String?, String)
            {
                do {
                    _ = try await (client ?? backend).request(.publish(topic: topic, type: type, data: data))
                    return (nil, "")
                } catch ClientError.refused(let info) {
                    return (info.code, info.message)
                } catch {
                    return ("\(error)", "")
                }
            }
            func batch(_ detections: [Detection], camera: String = "lobby", frame: (Int, Int) = (640, 480)) throws -> JSONValue {
                try batchJSON(camera: camera, frame: frame, detections)
            }
            func edited(_ field: String, of index: Int, to value: JSONValue) throws -> JSONValue {
                var data = try batch([good, good])
                guard case .object(var fields) = data, case .array(var list) = fields["detections"], case .object(var item) = list[index] else {
                    return data
                }
                item[field] = value
                list[index] = .object(item)
                fields["detections"] = .array(list)
                data = .object(fields)
                return data
            }

            let unknownThumbnail = String(repeating: "ab", count: 32)
            let (guardClient, room, admin) = (hub.client("guard"), hub.client("operator"), hub.client("admin"))
            let cases: [(String, (String?, String), String, String)] = [
                (
                    "a camera not in the topology", await refusal(try batch([good], camera: "roof"), on: "detections/hq/roof"), "not_found",
                    "field camera"
                ),
                (
                    "another camera than the topic's", await refusal(try batch([good], camera: "dock", frame: (320, 240))), "invalid_data",
                    "field camera"
                ),
                ("the wrong frame size", await refusal(try batch([good], frame: (320, 240))), "invalid_data", "field frame"),
                (
                    "a box outside the frame", await refusal(try edited("box", of: 1, to: ["x": 630, "y": 10, "width": 20, "height": 20])),
                    "invalid_data", "detections[1].box"
                ),
                ("a score over 1", await refusal(try edited("score", of: 0, to: 1.5)), "invalid_data", "detections[0].score"),
                ("a time that is not RFC 3339", await refusal(try edited("time", of: 1, to: "yesterday")), "invalid_data", "detections[1].time"),
                ("a negative track", await refusal(try edited("track", of: 1, to: -3)), "invalid_data", "detections[1].track"),
                ("an empty label", await refusal(try edited("label", of: 1, to: "")), "invalid_data", "detections[1].label"),
                (
                    "an unknown thumbnail", await refusal(try edited("thumbnail", of: 1, to: .string(unknownThumbnail))), "not_found",
                    "detections[1].thumbnail"
                ),
                (
                    "a vector of the wrong length", await refusal(try batch([detection(at: 5, good.box, appearance: [1, 2, 3])])), "invalid_data",
                    "detections[0].appearance"
                ),
                ("vectors of two lengths", await refusal(try edited("appearance", of: 1, to: [1, 2])), "invalid_data", "detections[1].appearance"),
                ("not an object", await refusal(["detections"]), "invalid_data", "detections batch"),
                ("an unknown type", await refusal(try batch([good]), type: "detect"), "unknown_type", "batch"),
                ("a topic without a camera", await refusal(try batch([good]), on: "detections/hq"), "invalid_topic", "detections/{site}/{camera}"),
                ("a guard", await refusal(try batch([good]), as: guardClient), "forbidden", "guard"),
                ("an operator", await refusal(try batch([good]), as: room), "forbidden", "operator"),
                ("another site's camera", await refusal(try batch([good]), on: "detections/depot/lobby"), "forbidden", "depot"),
                ("a site without the camera", await refusal(try batch([good]), on: "detections/depot/lobby", as: admin), "not_found", "field camera"),
            ]
            for (what, (code, message), expectedCode, named) in cases {
                #expect(code == expectedCode, "\(what): \(code ?? "accepted") \(message)")
                #expect(message.contains(named), "\(what): \(message)")
            }
            let posted = try await hub.api("POST", "/api/detections", as: "device", body: try edited("score", of: 1, to: -1))
            #expect(posted.status == 400 && json(posted.body)["code"] == "bad_request", "the site is required: \(posted.body)")
            var overHTTP = try edited("thumbnail", of: 1, to: .string(unknownThumbnail))
            overHTTP = .object((overHTTP.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
            let missing = try await hub.api("POST", "/api/detections", as: "device", body: overHTTP)
            #expect(
                missing.status == 404 && json(missing.body)["message"]?.stringValue?.contains("detections[1].thumbnail") == true, "\(missing.body)")
            #expect(try await hub.analyticsRowCounts() == before, "no refusal stored anything")

            // Reading the overlay is for people: a device may not, nor a guard of another site.
            #expect(await refusalCode { _ = try await backend.subscribe("detections/hq/lobby") } == "forbidden")
            let outsider = hub.client("guard-depot")
            #expect(await refusalCode { _ = try await outsider.subscribe("detections/hq/lobby") } == "forbidden")
            #expect(await refusalCode { _ = try await room.subscribe("detections/hq/lobby", since: 0) } == "exact_topic_required")
            for client in [backend, guardClient, room, admin, outsider] { await client.close() }
        }
    }
}
