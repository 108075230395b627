import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// The guard's view at phone width, with the control room watching in a second browser.
    @Suite
    struct GuardViewTests {
        static let topology: JSONValue = [
            "cameras": [
                [
                    "id": "lobby", "name": "Lobby", "floor": 0, "frameSize": ["width": 640, "height": 360], "position": ["x": 0, "y": 0],
                    "neighbours": ["right": "dock", "up": "hall"], "reminderNotice": "", "animationStyle": "",
                ],
                [
                    "id": "dock", "name": "Loading dock", "floor": 0, "frameSize": ["width": 640, "height": 360], "position": ["x": 640, "y": 0],
                    "neighbours": ["left": "lobby"], "reminderNotice": "", "animationStyle": "",
                ],
                [
                    "id": "hall", "name": "First-floor hall", "floor": 1, "frameSize": ["width": 640, "height": 360], "position": ["x": 0, "y": 0],
                    "neighbours": ["down": "lobby"], "reminderNotice": "", "animationStyle": "",
                ],
            ]
        ]

        /// Opens the guard's view at a phone's size with the guard's sign-in link.
        static func openPhone(_ phone: Chromium, _ hub: TestHub) async throws {
            try await phone.resize(width: 390, height: 844)
            try await phone.open("\(hub.httpsBase)/#token=\(hub.token("guard"))")
        }

        @Test func aGuardChecksInFromAPhoneAndTheControlRoomSeesIt() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let operatorClient = hub.client("operator")
                let created = try await operatorClient.request(
                    .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Gate B", "every": "30m"]))
                let code = try #require(created["code"]?.stringValue)

                try await withBrowser(hub, "control-room") { controlRoom in
                    try await DashboardTests.signIn(controlRoom, hub, as: "operator")
                    try await withBrowser(hub, "guard-phone") { phone in
                        try await Self.openPhone(phone, hub)
                        #expect(
                            await phone.waitUntil("return document.querySelector('.guard-checkin li')?.textContent.includes('Gate B') === true"),
                            "the guard sees the rounds")
                        #expect(
                            await controlRoom.waitUntil("return document.querySelector('#people .people')?.textContent.includes('gus') === true"),
                            "the control room sees the guard online")

                        // The guard pastes the scanned text (no barcode detector in headless Chromium).
                        _ = try await phone.evaluate("document.getElementById('checkin-code').focus(); return null")
                        try await phone.press(code, Chromium.Key.enter)
                        #expect(
                            await phone.waitUntil(
                                "return document.querySelector('.guard-checkin .result').textContent.startsWith('Checked in at Gate B')"))
                        #expect(
                            await controlRoom.waitUntil(
                                "return document.querySelector('#people .people').textContent.includes('checked in at Gate B')"),
                            "the control room sees the check-in")

                        // A forged code is refused in words a guard understands, and nothing is recorded.
                        _ = try await phone.evaluate("document.getElementById('checkin-code').focus(); return null")
                        try await phone.press(String(code.dropLast(2)) + "AA", Chromium.Key.enter)
                        #expect(
                            await phone.waitUntil(
                                "return document.querySelector('.guard-checkin .result').textContent === "
                                    + "'That is not a checkpoint code of this site.'"
                            ))

                        // Usable at phone width: nothing runs off the side of the screen.
                        #expect(try await phone.evaluate("return document.documentElement.scrollWidth <= window.innerWidth") as? Bool == true)
                    }
                }
                await operatorClient.close()
            }
        }

        @Test func theControlRoomPushesACameraToTheGuardAndFollowsTheirView() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let put = try await hub.api("PUT", "/api/sites/hq/cameras", as: "operator", body: Self.topology)
                #expect(put.status == 200, "\(put.body)")
                try await withBrowser(hub, "camera-room") { controlRoom in
                    try await DashboardTests.signIn(controlRoom, hub, as: "operator")
                    #expect(await controlRoom.waitUntil("return document.querySelectorAll('#cameras .floor').length === 2"), "one plan per floor")
                    // Laid out as on the wall, under the hub's CSP: the dock to the right of the lobby, side by side.
                    let box = { (camera: String) in "document.querySelector('#cameras button.camera[data-camera=\(camera)]').getBoundingClientRect()"
                    }
                    #expect(
                        try await controlRoom.evaluate(
                            """
                            const lobby = \(box("lobby")), dock = \(box("dock"));
                            return lobby.width > 50 && Math.abs(dock.left - lobby.right) < 2 && Math.abs(dock.top - lobby.top) < 2 &&
                              Math.abs(dock.width - lobby.width) < 2
                            """) as? Bool == true)
                    try await withBrowser(hub, "camera-phone") { phone in
                        try await Self.openPhone(phone, hub)
                        #expect(
                            await phone.waitUntil(
                                "return document.querySelector('.guard-camera')?.textContent.includes('has not sent you a camera') === true"))

                        // The operator selects the loading dock and pushes it to gus.
                        _ = try await controlRoom.evaluate(
                            """
                            document.querySelector('#cameras button.camera[data-camera="dock"]').click();
                            document.querySelector('#cameras input[name=viewer]').value = 'gus';
                            document.querySelector('#cameras form.push button').click();
                            return null
                            """)
                        #expect(
                            await phone.waitUntil("return document.querySelector('.guard-camera .pushed').textContent.includes('Loading dock')"),
                            "the guard sees the camera pushed")

                        // The control room follows gus; gus swipes left, and the control room sees it.
                        #expect(
                            await controlRoom.waitUntil(
                                "return [...document.querySelectorAll('#cameras select option')].some((o) => o.value === 'gus')"))
                        _ = try await controlRoom.evaluate(
                            """
                            const select = document.querySelector('#cameras .follow select');
                            select.value = 'gus'; select.dispatchEvent(new Event('change')); return null
                            """)
                        #expect(
                            await controlRoom.waitUntil(
                                "return document.querySelector('#cameras .following').textContent === 'Following gus: Loading dock'"))
                        _ = try await phone.evaluate(
                            "[...document.querySelectorAll('.swipes button')].find((b) => b.textContent.includes('Left')).click(); return null")
                        #expect(await phone.waitUntil("return document.querySelector('.guard-camera .pushed').textContent.includes('Lobby')"))
                        #expect(
                            await controlRoom.waitUntil("return document.querySelector('#cameras .following').textContent === 'Following gus: Lobby'")
                        )
                        #expect(
                            await controlRoom.waitUntil(
                                "return document.querySelector('#cameras button.camera.followed')?.dataset.camera === 'lobby'"))
                    }
                }
            }
        }

        @Test func theGuardsCameraShowsItsPictureAndItsArrowsOnlyOnceACameraWasSent() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                // The dock's stream is served by the hub (here a still picture); the lobby has none.
                let uploaded = try await hub.upload(fixtureImage("snapshot.jpg"))
                let stream = "\(hub.httpsBase)/thumbnails/\(try #require(json(uploaded.body)["hash"]?.stringValue))"
                var topology = Self.topology
                if case .object(var root) = topology, case .array(var cameras) = root["cameras"], case .object(var dock) = cameras[1] {
                    dock["streamURL"] = .string(stream)
                    cameras[1] = .object(dock)
                    root["cameras"] = .array(cameras)
                    topology = .object(root)
                }
                #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "operator", body: topology).status == 200)
                try await withBrowser(hub, "camera-picture") { phone in
                    try await Self.openPhone(phone, hub)
                    #expect(
                        await phone.waitUntil(
                            "return document.querySelector('.guard-camera')?.textContent.includes('has not sent you a camera') === true"))
                    #expect(
                        try await phone.evaluate(
                            "return document.querySelector('.guard-camera .swipes').offsetHeight === 0 && "
                                + "document.querySelector('.guard-camera img') === null"
                        ) as? Bool == true,
                        "no arrows and no picture before a camera was sent")

                    // A door alert at the lobby escalates to the guard: its snapshot is the lobby's latest picture.
                    let alert = try await DashboardTests.raise(hub, at: "lobby", kind: "door", severity: 3)
                    try await hub.advance(by: .seconds(121))
                    #expect(await phone.waitUntil("return document.querySelector('.guard-alerts li[data-alert=\"\(alert.id)\"]') !== null"))

                    let operatorClient = hub.client("operator")
                    _ = try await operatorClient.request(
                        .publish(topic: "cameras/hq", type: "switch", data: ["viewer": "gus", "camera": "dock", "jump": true]))
                    #expect(
                        await phone.waitUntil(
                            "const img = document.querySelector('.guard-camera img.camera-picture'); return img?.complete && img.naturalWidth > 0"),
                        "the camera sent shows its picture")
                    #expect(
                        try await phone.evaluate("return document.querySelector('.guard-camera img.camera-picture').getAttribute('src')") as? String
                            == stream)
                    #expect(
                        try await phone.evaluate("return document.querySelector('.guard-camera .swipes').offsetHeight > 0") as? Bool == true,
                        "and the arrows to move on")

                    _ = try await phone.evaluate(
                        "[...document.querySelectorAll('.swipes button')].find((b) => b.textContent.includes('Left')).click(); return null")
                    #expect(
                        await phone.waitUntil(
                            "const img = document.querySelector('.guard-camera img.camera-picture'); return img?.getAttribute('src') === "
                                + "'/thumbnails/\(alert.hash)' && img.naturalWidth > 0"
                        ),
                        "the lobby has no stream: its latest snapshot shows")
                    await operatorClient.close()
                }
            }
        }

        /// The hall's stream is on another origin, which the hub's CSP does not let the page load, and
        /// motion there raised an alert that never escalates, so the guard's phone read no event with its
        /// snapshot: the phone asks the hub for the hall's newest snapshot.
        @Test func aCameraStreamedFromAnotherOriginShowsItsNewestSnapshotOnTheGuardsPhone() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                var topology = Self.topology
                if case .object(var root) = topology, case .array(var cameras) = root["cameras"], case .object(var hall) = cameras[2] {
                    hall["streamURL"] = "https://cameras.invalid/hall.mjpg"
                    cameras[2] = .object(hall)
                    root["cameras"] = .array(cameras)
                    topology = .object(root)
                }
                #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "operator", body: topology).status == 200)
                let motion = try await DashboardTests.raise(hub, at: "hall")
                let operatorClient = hub.client("operator")
                try await withBrowser(hub, "camera-snapshot") { phone in
                    try await Self.openPhone(phone, hub)
                    _ = try await operatorClient.request(
                        .publish(topic: "cameras/hq", type: "switch", data: ["viewer": "gus", "camera": "hall", "jump": true]))
                    let picture =
                        "const img = document.querySelector('.guard-camera img.camera-picture'); return img?.complete && img.naturalWidth > 0"
                    #expect(await phone.waitUntil(picture), "the hall's snapshot, from the hub")
                    #expect(
                        try await phone.evaluate("return document.querySelector('.guard-camera img.camera-picture').getAttribute('src')") as? String
                            == "/thumbnails/\(motion.hash)")
                    #expect(
                        try await phone.evaluate("return document.querySelector('.guard-camera a')?.textContent") as? String
                            == "open the live stream",
                        "the stream itself, a link away")
                }
                await operatorClient.close()
            }
        }

        @Test func anEscalatedAlertReachesTheGuardsPhoneAndTheirAcknowledgementReachesTheControlRoom() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "escalated-room") { controlRoom in
                    try await DashboardTests.signIn(controlRoom, hub, as: "operator")
                    try await withBrowser(hub, "escalated-phone") { phone in
                        try await Self.openPhone(phone, hub)
                        #expect(
                            await phone.waitUntil(
                                "return document.querySelector('.guard-alerts')?.textContent.includes('Nothing needs you now') === true"))
                        let alert = try await DashboardTests.raise(hub, at: "back-door", kind: "door", severity: 3)
                        try await hub.advance(by: .seconds(121))
                        let row = "document.querySelector('.guard-alerts li[data-alert=\"\(alert.id)\"]')"
                        #expect(
                            await phone.waitUntil("return \(row)?.querySelector('img.snapshot')?.naturalWidth > 0"),
                            "the escalated alert, with its snapshot")
                        _ = try await phone.evaluate("\(row).querySelector('button').click(); return null")
                        #expect(await phone.waitUntil("return \(row).textContent.includes('Acknowledged by gus')"))
                        #expect(await controlRoom.waitUntil("return \(DashboardTests.row(alert.id)).textContent.includes('Acknowledged by gus')"))
                    }
                }
            }
        }
    }
}
