import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// The control-room dashboard (`public/dashboard/`) in headless Chromium against a real hub: what an
    /// operator sees and does during a shift.
    @Suite
    struct DashboardTests {
        /// Signs `browser` in as `role` with the one-time link, picks the site `hq` and waits for its alert queue.
        static func signIn(_ browser: Chromium, _ hub: TestHub, as role: String) async throws {
            try await browser.open("\(hub.httpsBase)/#token=\(hub.token(role))")
            #expect(
                await browser.waitUntil("return document.querySelector('#alerts .count')?.textContent.includes('open') === true"),
                "\(role) sees the queue")
            _ = try await browser.evaluate(
                """
                const picker = document.getElementById('site');
                if (picker.value !== 'hq') { picker.value = 'hq'; picker.dispatchEvent(new Event('change')); }
                return null
                """)
            #expect(
                await browser.waitUntil(
                    "return document.querySelector('[data-shown-site]')?.dataset.shownSite === 'hq' && "
                        + "document.querySelector('#alerts .count')?.textContent.includes('open') === true"
                ))
        }

        /// Opens one of the dashboard's views (`live`, `analytics`, `flood`, `admin`) with its tab.
        static func open(_ view: String, in browser: Chromium) async throws {
            _ = try await browser.evaluate("document.querySelector('.tabs button[data-view=\(view)]').click(); return null")
            #expect(
                await browser.waitUntil("return document.querySelector('.tabs button[data-view=\(view)]').getAttribute('aria-current') === 'page'"))
        }

        /// Raises an alert as the sensor does, with one snapshot; returns the alert's id and the snapshot's hash.
        static func raise(_ hub: TestHub, at location: String, kind: String = "motion", severity: Int = 2) async throws -> (id: String, hash: String)
        {
            let uploaded = try await hub.upload(fixtureImage("snapshot.jpg"))
            let hash = try #require(json(uploaded.body)["hash"]?.stringValue)
            let raised = try await hub.api(
                "POST", "/api/alerts", as: "device",
                body: [
                    "site": "hq", "kind": .string(kind), "severity": .number(Double(severity)), "location": .string(location),
                    "thumbnails": [.string(hash)],
                ])
            #expect(raised.status == 200, "\(raised.body)")
            let id = try #require(json(raised.body)["data"]?["alert"]?["id"]?.stringValue)
            return (id, hash)
        }

        static func row(_ id: String) -> String { "document.querySelector('li[data-alert=\"\(id)\"]')" }

        @Test func anAlertAppearsWithItsSnapshotAndAnAcknowledgementInOneBrowserShowsInTheOther() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "two-operators-a") { first in
                    try await withBrowser(hub, "two-operators-b") { second in
                        try await Self.signIn(first, hub, as: "operator")
                        try await Self.signIn(second, hub, as: "admin")

                        let (id, hash) = try await Self.raise(hub, at: "front-door")
                        for browser in [first, second] {
                            #expect(await browser.waitUntil("return \(Self.row(id)) !== null"), "the alert appears")
                            #expect(
                                await browser.waitUntil(
                                    "return \(Self.row(id)).querySelector('img.snapshot').complete && "
                                        + "\(Self.row(id)).querySelector('img.snapshot').naturalWidth > 0"
                                ),
                                "its snapshot is drawn")
                            #expect(
                                try await browser.evaluate("return \(Self.row(id)).querySelector('img.snapshot').getAttribute('src')") as? String
                                    == "/thumbnails/\(hash)")
                        }

                        _ = try await first.evaluate("\(Self.row(id)).querySelector('button[data-action=acknowledge]').click(); return null")
                        #expect(
                            await second.waitUntil("return \(Self.row(id)).textContent.includes('Acknowledged by olga')"),
                            "the other browser sees who acknowledged")
                        #expect(
                            try await second.evaluate("return \(Self.row(id)).querySelector('button[data-action=acknowledge]')") is NSNull,
                            "an acknowledged alert offers no acknowledgement")

                        // Resolved from the second browser with the keyboard and a note: it leaves both queues.
                        _ = try await second.evaluate("\(Self.row(id)).focus(); return null")
                        try await second.press("r")
                        #expect(await second.waitUntil("return document.activeElement.name === 'note'"), "r asks for a note")
                        try await second.press("C", "o", "u", "r", "i", "e", "r", Chromium.Key.enter)
                        for browser in [first, second] {
                            #expect(await browser.waitUntil("return \(Self.row(id)) === null"), "a resolved alert leaves the queue")
                        }
                        let history = try await hub.api("GET", "/api/sites/hq/locations/front-door/visits", as: "operator")
                        #expect(history.status == 200)
                    }
                }
            }
        }

        /// The alerts' state holds open alerts only: a camera whose motion alert was resolved before the
        /// page opened still shows its newest snapshot on the wall, asked of the hub.
        @Test func theCameraWallShowsTheNewestSnapshotOfACameraWhoseAlertsAreResolved() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "operator", body: GuardViewTests.topology).status == 200)
                let motion = try await Self.raise(hub, at: "hall")
                let olga = hub.client("operator")
                _ = try await olga.request(.publish(topic: "alerts/hq", type: "acknowledge", data: ["alert": .string(motion.id)]))
                _ = try await olga.request(.publish(topic: "alerts/hq", type: "resolve", data: ["alert": .string(motion.id), "note": "checked"]))
                await olga.close()
                try await withBrowser(hub, "wall-snapshot") { browser in
                    try await Self.signIn(browser, hub, as: "operator")
                    let hall = "document.querySelector('#cameras button.camera[data-camera=\"hall\"] img')"
                    let drawn = "const img = \(hall); return img?.complete && img.naturalWidth > 0"
                    #expect(await browser.waitUntil(drawn), "the hall's picture is drawn")
                    #expect(try await browser.evaluate("return \(hall).getAttribute('src')") as? String == "/thumbnails/\(motion.hash)")
                    let dock = "document.querySelector('#cameras button.camera[data-camera=\"dock\"] .no-picture')"
                    let saying = try await browser.evaluate("return \(dock)?.textContent") as? String
                    #expect(saying == "no picture yet", "a camera nothing was seen at says so")
                }
            }
        }

        @Test func theQueuePutsTheOldestUnacknowledgedFirstMarksEscalationsAndWorksFromTheKeyboard() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "keyboard") { browser in
                    try await Self.signIn(browser, hub, as: "operator")
                    let first = try await Self.raise(hub, at: "gate-1", kind: "door", severity: 3)
                    try await hub.advance(by: .seconds(1))
                    let second = try await Self.raise(hub, at: "gate-2", kind: "door", severity: 3)
                    try await hub.advance(by: .seconds(1))
                    let third = try await Self.raise(hub, at: "gate-3", kind: "panic", severity: 5)
                    let order = "return [...document.querySelectorAll('#alerts li.alert')].map((row) => row.dataset.alert)"
                    #expect(await browser.waitUntil("return document.querySelectorAll('#alerts li.alert').length === 3"))
                    #expect(try await browser.evaluate(order) as? [String] == [first.id, second.id, third.id], "oldest first")

                    // Tab reaches the queue's first alert; ↓ moves on; a acknowledges the one in focus,
                    // which goes after the unacknowledged ones and keeps the focus.
                    _ = try await browser.evaluate("document.querySelector('#alerts li.alert').focus(); return null")
                    try await browser.press(Chromium.Key.arrowDown)
                    #expect(try await browser.evaluate("return document.activeElement.dataset.alert") as? String == second.id)
                    try await browser.press("a")
                    #expect(await browser.waitUntil("return \(Self.row(second.id)).textContent.includes('Acknowledged by olga')"))
                    #expect(try await browser.evaluate(order) as? [String] == [first.id, third.id, second.id], "unacknowledged first")
                    #expect(
                        try await browser.evaluate("return document.activeElement.dataset.alert") as? String == second.id,
                        "the focus stays on the alert")
                    #expect(
                        try await browser.evaluate("return document.querySelector('#alerts .count').textContent") as? String
                            == "3 open · 2 unacknowledged")

                    // Two minutes later the unacknowledged ones escalate, and say so.
                    try await hub.advance(by: .seconds(121))
                    #expect(await browser.waitUntil("return document.querySelectorAll('#alerts li.alert.escalated').length === 2"))
                    #expect(
                        try await browser.evaluate("return \(Self.row(first.id)).querySelector('.badge.escalated')?.textContent") as? String
                            == "Escalated")
                    #expect(try await browser.evaluate("return \(Self.row(second.id)).classList.contains('escalated')") as? Bool == false)
                }
            }
        }

        @Test func theDashboardCatchesUpAfterTheHubRestartsWithoutAMissingOrDoubledAlert() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                // While the hub is down the page's reconnection attempts are refused, as they must be.
                try await withBrowser(hub, "restart", expecting: [refusedWebSocket, resetWebSocket, refusedWhileStopping]) { browser in
                    try await Self.signIn(browser, hub, as: "operator")
                    let before = try await Self.raise(hub, at: "dock")
                    #expect(await browser.waitUntil("return \(Self.row(before.id)) !== null"))

                    await hub.stop()
                    #expect(
                        await browser.waitUntil("return document.getElementById('connection').textContent.includes('reconnecting')"),
                        "the page says the connection is lost")
                    try await hub.start()
                    var raised = [before.id]
                    for location in ["yard", "roof", "gate"] { raised.append(try await Self.raise(hub, at: location).id) }
                    #expect(await browser.waitUntil("return document.querySelectorAll('#alerts li.alert').length >= 4"))
                    try await Task.sleep(for: .milliseconds(500))
                    let shown =
                        try await browser.evaluate("return [...document.querySelectorAll('#alerts li.alert')].map((row) => row.dataset.alert)")
                        as? [String]
                    #expect(shown?.sorted() == raised.sorted(), "every alert once")
                    #expect(try await browser.evaluate("return document.getElementById('connection').textContent") as? String == "Connected")
                }
            }
        }

        @Test func aTokenRevokedWhileSignedInEndsTheSessionWithAClearMessage() async throws {
            try await withHub(tweak: { $0.revocationCheckInterval = .seconds(600) }) { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "revoked") { browser in
                    try await Self.signIn(browser, hub, as: "operator")
                    let tokens = try await hub.api("GET", "/api/tokens", as: "admin")
                    let olga = try #require(json(tokens.body)["tokens"]?.arrayValue?.first { $0["name"]?.stringValue == "olga" }?["id"]?.stringValue)
                    #expect(try await hub.api("POST", "/api/tokens/\(olga)/revoke", as: "admin").status == 200)
                    #expect(await browser.waitUntil("return !document.getElementById('sign-in').hidden"))
                    let message = try await browser.evaluate("return document.getElementById('sign-in-error').textContent") as? String
                    #expect(message == "Signed out by the hub: the token has been revoked", "\(message ?? "")")
                    #expect(
                        try await browser.evaluate("return document.getElementById('app').hidden") as? Bool == true,
                        "nothing of the shift is left on screen")
                }
            }
        }

        /// An operator who changes site again (and again to the same) before the first has loaded sees
        /// the site chosen last, whole and live: the sites open one after the other, never two feeds at once.
        @Test func changingSiteAgainWhileTheFirstLoadsShowsTheLastWholeAndLive() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let (first, _) = try await Self.raise(hub, at: "front-door")
                try await withBrowser(hub, "site-twice") { browser in
                    try await Self.signIn(browser, hub, as: "admin")
                    #expect(await browser.waitUntil("return \(Self.row(first)) !== null"))
                    _ = try await browser.evaluate(
                        """
                        const picker = document.getElementById('site');
                        for (const site of ['depot', 'hq', 'hq']) { picker.value = site; picker.dispatchEvent(new Event('change')); }
                        return null
                        """)
                    #expect(
                        await browser.waitUntil("return \(Self.row(first)) !== null && document.querySelector('#chat .room-list button') !== null"),
                        "hq's queue and chat, drawn again")
                    let (second, _) = try await Self.raise(hub, at: "back-door")
                    #expect(await browser.waitUntil("return \(Self.row(second)) !== null"), "and live")
                }
            }
        }
    }
}
