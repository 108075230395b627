import Foundation
import Synchronization
import Testing
import VigilClient
import VigilCore

@testable import VigilDemo

@Suite(.timeLimit(.minutes(10))) struct DemoTests {
    /// What a new user relies on after `vigil demo`: the site with its camera wall, alerts with
    /// snapshots the hub serves, an operator who acknowledges, a guard's round, a notice, a camera
    /// on a guard's phone, the chat; and, once the roof hatch's minute has passed, a missed round.
    @Test func theDemoPlaysALiveSite() async throws {
        try await withHub { hub async throws in
            let lines = Mutex<[String]>([])
            let demo = Demo(
                hub: hub.configuration("admin"), settings: DemoSettings(seed: 7, steps: 60),
                sleep: { _ in try await Task.sleep(for: .milliseconds(5)) }, say: { line in lines.withLock { $0.append(line) } })
            #expect(try await demo.run() == 60)
            let said = lines.withLock { $0 }
            #expect(said.contains { $0.hasPrefix("Dashboard: https://localhost:\(hub.port)/") })
            #expect(said.filter { $0.range(of: #"^\d\d:\d\d:\d\d "#, options: .regularExpression) != nil }.count == 60, "one line per action")

            let wall = try await hub.api("GET", "/api/sites/demo/cameras", as: "admin")
            #expect(wall.status == 200)
            let cameras = json(wall.body)["cameras"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
            #expect(Set(cameras) == Set(DemoBuilding().cameras.map(\.id)))

            let admin = hub.client("admin")
            let alerts = try await admin.history(topic: "alerts/demo", limit: 500)
            let raised = alerts.filter { $0.type == "alert.raised" }.compactMap { $0.data["alert"] }
            #expect(raised.contains { $0["kind"] == "motion" && $0["location"] != nil })
            let snapshots = raised.compactMap { $0["thumbnails"]?.arrayValue?.first?.stringValue }
            let snapshot = try #require(snapshots.first)
            let download = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-demo-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: download) }
            let served = try await curl("\(hub.httpsBase)/thumbnails/\(snapshot)", caFile: hub.caFile, saveBodyTo: download)
            #expect(served.status == 200 && served.headers["content-type"] == "image/png")
            #expect(try ImageHeader.inspect(Array(Data(contentsOf: download))).format == .png)
            #expect(alerts.contains { $0.type == "visit.motion" }, "repeated motion goes on a visit")
            let wordings = Set(
                raised.compactMap { alert in
                    alert["message"]?.stringValue.map { $0.replacingOccurrences(of: alert["locationName"]?.stringValue ?? "", with: "{place}") }
                })
            #expect(wordings.count >= 3, "alerts are not all worded alike: \(wordings)")
            #expect(alerts.contains { $0.type == "alert.acknowledged" && $0.from == DemoSetup.controlRoomName })

            let rounds = try await admin.history(topic: "checkins/demo")
            #expect(rounds.contains { $0.type == "checkin.recorded" && $0.data["name"] == "Main gate" })
            #expect(
                rounds.contains {
                    $0.type == "checkpoint.assigned" && $0.data["name"] == "Main gate"
                        && $0.data["assignedGuard"]?.stringValue == DemoSetup.guardNames[0]
                },
                "the main gate is the first guard's round")
            let notices = try await admin.history(topic: "notice/demo")
            #expect(!notices.isEmpty)
            let pushed = try await admin.history(topic: "cameras/demo/view/\(DemoSetup.guardNames[0])")
            #expect(pushed.contains { $0.type == "camera.switched" && $0.from == DemoSetup.controlRoomName })
            let switches = try await admin.history(topic: "cameras/demo")
            #expect(switches.contains { $0.type == "camera.switched" && $0.data["direction"] != nil }, "a guard swiped")

            let chat = try await admin.history(topic: "chat/demo/control", limit: 500)
            let asked = chat.compactMap { $0.data["message"] }.first { $0["attachments"]?.arrayValue?.isEmpty == false }
            let attached = asked?["attachments"]?.arrayValue?.first
            #expect(
                attached?["source"]?["kind"] == "alert" && attached?["scribble"]?["foreground"]?.arrayValue?.isEmpty == false,
                "the operator drags a snapshot into the chat and circles who is on it")
            #expect(asked?["mentions"]?.arrayValue?.count == 1, "and asks a guard by name")
            #expect(chat.contains { $0.type == "message.posted" && DemoSetup.guardNames.contains($0.from) }, "a guard answers")
            #expect(
                chat.contains { $0.data["message"]?["urgent"] != nil } && chat.contains { $0.type == "message.acknowledged" },
                "an urgent message, acknowledged")

            try await hub.advance(by: .seconds(61))
            let later = try await admin.history(topic: "alerts/demo", limit: 500)
            #expect(
                later.contains {
                    $0.type == "alert.raised" && $0.data["alert"]?["kind"] == "missed-checkpoint" && $0.data["checkpoint"]?["name"] == "Roof hatch"
                })
            await admin.close()
        }
    }

    /// Setting up twice re-uses the site and its checkpoints; the new tokens work.
    @Test func setupTwiceReusesTheSite() async throws {
        try await withHub { hub async throws in
            let setup = DemoSetup(admin: hub.configuration("admin"), site: "demo", log: DemoLog(say: { _ in }))
            let first = try await setup.run()
            let second = try await setup.run()
            #expect(second.mainGateCode == first.mainGateCode)
            let sites = json(try await hub.api("GET", "/api/sites", as: "admin").body)["sites"]?.arrayValue ?? []
            #expect(sites.filter { $0["id"] == "demo" }.count == 1)

            let patrol = VigilClient(configuration: second.guards[0].configuration)
            var events = try await patrol.subscribe("checkins/demo").makeAsyncIterator()
            #expect(try await events.next()?.data["checkpoints"]?.arrayValue?.count == 2)
            let ok = try await patrol.request(.publish(topic: "checkins/demo", type: "check_in", data: ["code": .string(second.mainGateCode)]))
            #expect(ok["data"]?["name"] == "Main gate")
            await patrol.close()
        }
    }

    @Test func aTokenThatIsNotAnAdminsStopsTheDemoBeforeItPlays() async throws {
        try await withHub { hub async throws in
            for role in ["operator", "revoked"] {
                let demo = Demo(hub: hub.configuration(role), settings: DemoSettings(seed: 1, steps: 1), say: { _ in })
                let error = await #expect(throws: DemoSetupError.self) { try await demo.run() }
                #expect(error?.description.contains("could not create the site demo") == true, "\(role)")
                #expect(error?.description.contains("the demo needs an admin token") == true, "\(role)")
            }
        }
    }

    @Test func theBuildingsNeighboursAgreeWithWhereTheCamerasAre() throws {
        let building = DemoBuilding()
        let cameras = building.cameras
        #expect(cameras.count == 8 && Set(cameras.map(\.floor)) == [0, 1])
        let opposite: [CameraDirection: CameraDirection] = [.up: .down, .down: .up, .left: .right, .right: .left]
        for camera in cameras {
            #expect(camera.name != nil)
            for direction in CameraDirection.allCases {
                guard let neighbour = building.topology.neighbour(of: camera.id, direction) else { continue }
                #expect(neighbour.neighbours[opposite[direction]!] == camera.id, "\(camera.id) \(direction)")
                switch direction {
                case .left, .right:
                    #expect(neighbour.floor == camera.floor)
                    #expect((neighbour.position.x < camera.position.x) == (direction == .left))
                case .up, .down:
                    #expect(neighbour.floor == camera.floor + (direction == .up ? 1 : -1))
                    #expect(neighbour.position == camera.position && neighbour.frameSize == camera.frameSize)
                }
            }
        }
    }

    /// Notices, urgent messages and alerts vary: none is said twice in a row, each one is said
    /// before any comes round again, and the same seed says them in the same order.
    @Test func whatTheCastSaysVariesAndASeedSaysItAgain() {
        func said(seed: UInt64) -> (notices: [String], urgent: [String], motion: [String]) {
            var director = DemoDirector(building: DemoBuilding(), guards: DemoSetup.guardNames, controlRoom: "op", seed: seed)
            var said: (notices: [String], urgent: [String], motion: [String]) = ([], [], [])
            for _ in 0..<3000 {
                _ = director.pause()
                switch director.next(in: DemoWorld()) {
                case .notice(_, let text) where text != DemoWords.openingNotice: said.notices.append(text)
                case .urgent(let text): said.urgent.append(text)
                case .motion(let camera, _, let message): said.motion.append(message.replacingOccurrences(of: camera.title, with: "{place}"))
                default: break
                }
            }
            return said
        }
        let run = said(seed: 42)
        #expect(run.notices.count > 50 && run.urgent.count > 10 && run.motion.count > 100)
        for (lines, all) in [
            (run.notices, DemoWords.infoNotices + DemoWords.warningNotices), (run.urgent, DemoWords.urgentTexts),
            (run.motion, DemoWords.motionMessages),
        ] {
            #expect(zip(lines, lines.dropFirst()).allSatisfy { $0 != $1 }, "never twice in a row: \(lines.prefix(20))")
            #expect(Set(lines) == Set(all))
        }
        #expect(Set(run.urgent.prefix(DemoWords.urgentTexts.count)).count == DemoWords.urgentTexts.count, "each before any again")
        let again = said(seed: 42)
        #expect(again.notices == run.notices && again.urgent == run.urgent && again.motion == run.motion)
        #expect(said(seed: 43).notices != run.notices)
    }

    /// The same seed and the same world give the same choices: a run can be played again.
    @Test func aSeedPlaysTheSameChoicesAgain() {
        func choices(seed: UInt64) -> [String] {
            var director = DemoDirector(building: DemoBuilding(), guards: DemoSetup.guardNames, controlRoom: "op", seed: seed)
            let world = DemoWorld(alerts: [DemoAlert(id: "al_1", kind: "motion", message: "Motion at Lobby", escalated: false)])
            return (0..<80).map { _ in
                _ = director.pause()
                return director.next(in: world).attempt
            }
        }
        #expect(choices(seed: 42) == choices(seed: 42))
        #expect(choices(seed: 42) != choices(seed: 43))
    }
}

extension TestHub {
    /// How a client of `role` reaches this hub.
    func configuration(_ role: String) -> ClientConfiguration {
        ClientConfiguration(url: url, token: token(role), caFile: caFile)
    }
}
