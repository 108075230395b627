import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct CameraTests {
    private let seedTopology = fixture("VigilCoreTests/Golden/CameraTopology/two-floors.json")

    private func importSeedTopology(_ hub: TestHub) async throws {
        let data = json(try String(contentsOf: seedTopology, encoding: .utf8))
        let admin = hub.client("admin")
        _ = try await admin.request(.publish(topic: "cameras/hq", type: "topology", data: data))
        await admin.close()
    }

    @Test func topologyIsImportedFromTheSeedsJSONByTheCommandLineAndFromTheCleanModelOverHTTP() async throws {
        try await withHub { hub async throws in
            let room = hub.client("operator")
            let stream = try await room.subscribe("cameras/hq")
            let state = try await collect(1, from: stream)[0]
            #expect(state.type == "state" && state.data["cameras"] == [] && state.data["views"] == [])

            let imported = try await runVigil([
                "import", "cameras", "--site", "hq", seedTopology.path, "--url", hub.url, "--token", hub.token("operator"), "--ca", hub.caFile,
            ])
            #expect(imported.status == 0)
            #expect(imported.output.contains("imported 4 cameras for hq"), "\(imported.output)")
            let topology = try await collect(1, from: stream)[0]
            #expect(topology.type == "camera.topology" && topology.seq == 1)
            let cameras = topology.data["cameras"]?.arrayValue ?? []
            #expect(cameras.map { $0["id"] } == ["1", "2", "3", "4"])
            #expect(cameras.map { $0["floor"] } == [1, 1, 2, 2])
            #expect(cameras[0]["neighbours"]?["right"] == "2" && cameras[0]["neighbours"]?["up"] == "3")
            #expect(cameras[0]["frameSize"]?["width"] == 320)

            let clean: JSONValue = [
                "cameras": [
                    [
                        "id": "lobby", "name": "Lobby", "floor": 0, "frameSize": ["width": 640, "height": 480], "position": ["x": 0, "y": 0],
                        "neighbours": ["right": "dock"], "reminderNotice": "", "animationStyle": "",
                        "streamURL": "http://10.0.0.7:8080/?action=stream",
                    ],
                    [
                        "id": "dock", "floor": 0, "frameSize": ["width": 640, "height": 480], "position": ["x": 640, "y": 0],
                        "neighbours": ["left": "lobby"], "reminderNotice": "Door sticks", "animationStyle": "push",
                    ],
                ]
            ]
            let put = try await hub.api("PUT", "/api/sites/hq/cameras", as: "device", body: clean)
            #expect(put.status == 200, "\(put.body)")
            let wall = json(try await hub.api("GET", "/api/sites/hq/cameras", as: "guard").body)
            #expect(wall["cameras"]?.arrayValue?.map { $0["id"] } == ["lobby", "dock"])
            #expect(wall["cameras"]?.arrayValue?.first?["streamURL"] == "http://10.0.0.7:8080/?action=stream")
            #expect(wall["cameras"]?.arrayValue?.first?["name"] == "Lobby")
            #expect(try await collect(1, from: stream)[0].seq == 2)
            await room.close()
        }
    }

    @Test func aBadTopologyOrTheWrongTokenChangesNothing() async throws {
        try await withHub { hub async throws in
            try await importSeedTopology(hub)
            var broken = try String(contentsOf: seedTopology, encoding: .utf8)
            broken = broken.replacingOccurrences(of: "\"Cam_neighborhood_up\": 3", with: "\"Cam_neighborhood_up\": 9")
            let unknownNeighbour = try await hub.api("PUT", "/api/sites/hq/cameras", as: "admin", body: json(broken))
            #expect(unknownNeighbour.status == 400)
            #expect(json(unknownNeighbour.body)["code"] == "invalid_data")
            #expect(json(unknownNeighbour.body)["message"]?.stringValue?.contains("Cams[0].Cam_neighborhood_up") == true, "\(unknownNeighbour.body)")
            let script: JSONValue = [
                "cameras": [
                    [
                        "id": "x", "floor": 0, "frameSize": ["width": 1, "height": 1], "position": ["x": 0, "y": 0],
                        "neighbours": [:], "reminderNotice": "", "animationStyle": "", "streamURL": "javascript:alert(1)",
                    ]
                ]
            ]
            #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "admin", body: script).status == 400)
            #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "admin", body: ["cameras": "none"]).status == 400)
            #expect(
                try await curl(
                    "\(hub.httpsBase)/api/sites/hq/cameras", caFile: hub.caFile, method: "PUT",
                    headers: ["Authorization": "Bearer \(hub.token("admin"))"], body: "{not json"
                ).status == 400)
            #expect(
                try await hub.api("PUT", "/api/sites/hq/cameras", as: "guard", body: json(try String(contentsOf: seedTopology, encoding: .utf8)))
                    .status == 403)
            #expect(
                try await hub.api(
                    "PUT", "/api/sites/depot/cameras", as: "operator", body: json(try String(contentsOf: seedTopology, encoding: .utf8))
                ).status == 403)
            let wall = json(try await hub.api("GET", "/api/sites/hq/cameras", as: "operator").body)
            #expect(wall["cameras"]?.arrayValue?.count == 4, "the imported topology is untouched")
            let admin = hub.client("admin")
            #expect(try await admin.history(topic: "cameras/hq").count == 1)
            await admin.close()
        }
    }

    @Test func switchesAndSwipesAreResolvedAgainstTheTopologyAndFollowersSeeThem() async throws {
        try await withHub { hub async throws in
            try await importSeedTopology(hub)
            let follower = hub.client("admin")
            let view = try await follower.subscribe("cameras/hq/view/gus")
            let state = try await collect(1, from: view)[0]
            #expect(state.type == "state" && state.data["viewer"] == "gus" && state.data["view"] == nil)

            let guardClient = hub.client("guard")
            let room = hub.client("operator")
            func swipe(_ client: VigilClient, _ direction: String, viewer: String? = nil) async throws -> [String: JSONValue] {
                var data: [String: JSONValue] = ["direction": .string(direction)]
                data["viewer"] = viewer.map(JSONValue.string)
                return try await client.request(.publish(topic: "cameras/hq", type: "swipe", data: .object(data)))
            }
            func push(_ camera: String, to viewer: String, jump: Bool? = nil) async throws -> [String: JSONValue] {
                var data: [String: JSONValue] = ["viewer": .string(viewer), "camera": .string(camera)]
                data["jump"] = jump.map(JSONValue.bool)
                return try await room.request(.publish(topic: "cameras/hq", type: "switch", data: .object(data)))
            }

            #expect(await refusalCode { _ = try await swipe(guardClient, "left") } == "no_neighbour", "nothing on screen yet")
            #expect(try await push("1", to: "gus")["data"]?["camera"] == "1")
            let right = try await swipe(guardClient, "right")
            #expect(right["data"]?["camera"] == "2" && right["data"]?["from"] == "1" && right["data"]?["direction"] == "right")
            #expect(await refusalCode { _ = try await swipe(guardClient, "right") } == "no_neighbour")
            #expect(await refusalCode { _ = try await swipe(guardClient, "down") } == "no_neighbour", "an empty string names no neighbour")
            let up = try await swipe(guardClient, "up")
            #expect(up["data"]?["camera"] == "4" && up["data"]?["floor"] == 2, "up goes a floor up")
            #expect(await refusalCode { _ = try await push("1", to: "gus") } == "not_a_neighbour")
            #expect(try await push("1", to: "gus", jump: true)["data"]?["jump"] == true)
            #expect(await refusalCode { _ = try await push("9", to: "gus", jump: true) } == "not_found")

            // The wall is moved by the control room; a guard moves only their own view.
            #expect(await refusalCode { _ = try await swipe(guardClient, "left", viewer: "wall-1") } == "forbidden")
            #expect(
                await refusalCode {
                    _ = try await guardClient.request(.publish(topic: "cameras/hq", type: "switch", data: ["viewer": "gus", "camera": "2"]))
                } == "forbidden")
            _ = try await push("3", to: "wall-1")
            #expect(try await swipe(room, "right", viewer: "wall-1")["data"]?["camera"] == "4")
            #expect(await refusalCode { _ = try await swipe(guardClient, "sideways") } == "invalid_data")

            let followed = try await collect(4, from: view)
            #expect(followed.map { $0.data["camera"] } == ["1", "2", "4", "1"], "only gus's switches, in order")
            #expect(followed.map(\.seq) == [1, 2, 3, 4])
            #expect(followed.map(\.from) == ["olga", "gus", "gus", "olga"])

            let outsider = hub.client("guard-depot")
            #expect(await refusalCode { _ = try await outsider.subscribe("cameras/hq/view/gus") } == "forbidden")
            #expect(await refusalCode { _ = try await room.subscribe("cameras/hq/gus") } == "invalid_topic")
            let late = hub.client("operator")
            let wall = try await late.subscribe("cameras/hq")
            let wallState = try await collect(1, from: wall)[0]
            #expect(wallState.data["views"]?.arrayValue?.map { [$0["viewer"], $0["camera"]] } == [["gus", "1"], ["wall-1", "4"]])
            for client in [follower, guardClient, room, outsider, late] { await client.close() }
        }
    }
}
