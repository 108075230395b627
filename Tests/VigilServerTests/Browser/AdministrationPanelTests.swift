import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// The administration tab: what an admin and an operator may do there, and nothing more.
    @Suite(.enabled(if: Zbar.isAvailable, "needs zbar-tools from Debian"))
    struct AdministrationPanelTests {
        /// Signs in as an admin and opens the Administration tab, its tokens listed.
        static func openAdministration(_ browser: Chromium, _ hub: TestHub) async throws {
            try await DashboardTests.signIn(browser, hub, as: "admin")
            _ = try await browser.evaluate("document.querySelector('.tabs button[data-view=admin]').click(); return null")
            #expect(await browser.waitUntil("return document.querySelector('.admin-tokens tbody')?.textContent.includes('olga') === true"))
        }

        @Test func anAdminCreatesASiteAndAGuardTokenWhoseLinkSignsInThenRevokesIt() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "admin-panel") { browser in
                    try await Self.openAdministration(browser, hub)

                    _ = try await browser.evaluate(
                        """
                        const form = document.querySelector('.admin-sites form');
                        form.querySelector('[name=id]').value = 'annex';
                        form.querySelector('[name=name]').value = 'The annex';
                        form.querySelector('button').click();
                        return null
                        """)
                    #expect(await browser.waitUntil("return document.querySelector('.admin-sites .sites').textContent.includes('The annex')"))

                    _ = try await browser.evaluate(
                        """
                        const form = document.querySelector('.admin-tokens form');
                        form.querySelector('[name=role]').value = 'guard';
                        form.querySelector('[name=name]').value = 'gina';
                        form.querySelector('[name=sites]').value = 'annex';
                        form.querySelector('button').click();
                        return null
                        """)
                    #expect(await browser.waitUntil("return document.querySelector('.admin-tokens .secret input') !== null"))
                    let link = try #require(
                        try await browser.evaluate("return document.querySelector('.admin-tokens .secret input').value") as? String)
                    #expect(link.hasPrefix("\(hub.httpsBase)/#token=vgl_"), "\(link)")
                    let secret = String(link.split(separator: "=").last ?? "")
                    #expect(try await hub.api("GET", "/api/sites", bearer: secret).body.contains("annex"), "the new token works")

                    // The secret shows before the list is read again: the row's button comes a moment later.
                    let revokeGina = "[...document.querySelectorAll('.admin-tokens button')].find((b) => b.textContent === 'Revoke gina')"
                    #expect(await browser.waitUntil("return \(revokeGina) !== undefined"), "the new token is listed")
                    _ = try await browser.evaluate(
                        """
                        window.confirm = () => true;
                        \(revokeGina).click();
                        return null
                        """)
                    #expect(
                        await browser.waitUntil(
                            "return [...document.querySelectorAll('.admin-tokens tr.revoked')].some((row) => row.textContent.includes('gina'))"))
                    #expect(try await hub.api("GET", "/api/sites", bearer: secret).status == 401)
                }
            }
        }

        /// The audit trail under Administration: what an operator decided and an admin changed, in
        /// words (names of people, alerts, zones and sites, never ids), narrowed to one person.
        @Test func anAdminReadsTheAuditTrailInWordsAndNarrowsItToOnePerson() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let (alertID, _) = try await DashboardTests.raise(hub, at: "gate-b", kind: "door", severity: 3)
                let olga = hub.client("operator")
                _ = try await olga.request(.publish(topic: "alerts/hq", type: "acknowledge", data: ["alert": .string(alertID)]))
                try await hub.importAnalyticsTopology()
                _ = try await olga.defineZone(
                    "loading-door", site: "hq", WatchZoneDefinition(camera: "lobby", regions: [.rect(Rect(x: 0, y: 0, width: 50, height: 50))]))
                let issued = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "guard", "name": "tim", "sites": ["hq"]])
                let timID = try #require(json(issued.body)["token"]?["id"]?.stringValue)
                #expect(try await hub.api("POST", "/api/tokens/\(timID)/revoke", as: "admin").status == 200)

                try await withBrowser(hub, "admin-audit") { browser in
                    try await Self.openAdministration(browser, hub)
                    let rows = "[...document.querySelectorAll('.admin-audit tbody tr')]"
                    let what = "\(rows).map((row) => row.querySelector('.what').textContent)"
                    let listed = await browser.waitUntil("return \(rows).length >= 5")
                    let sentences = try #require(try await browser.evaluate("return \(what)") as? [String])
                    let section = try await browser.evaluate("return document.querySelector('.admin-audit')?.textContent") as? String ?? "no section"
                    #expect(listed, "the trail is listed: \(section)")
                    #expect(
                        Array(sentences.prefix(5)) == [
                            "revoked tim's guard token", "issued tim a guard token for Headquarters", "defined the watch zone “Loading door”",
                            "imported the camera wall (2 cameras)", "acknowledged the alert “Door at Gate b”",
                        ], "newest first, in words")
                    let olgaRow = try #require(
                        try await browser.evaluate(
                            "const row = \(rows).find((r) => r.dataset.action === 'alert.acknowledged'); "
                                + "return [...row.cells].map((c) => c.textContent)"
                        )
                            as? [String])
                    #expect(olgaRow[1] == "olga operator" && olgaRow[3] == "Headquarters" && olgaRow[4] == "127.0.0.1", "\(olgaRow)")
                    #expect(
                        try await browser.evaluate("return document.querySelector('.admin-audit').textContent.includes('\(timID)')") as? Bool
                            == false,
                        "a token is named, not numbered")
                    _ = try await browser.evaluate("document.querySelector('.admin-audit').scrollIntoView(); return null")
                    try await BrowserPages.saveScreenshot(browser, as: "audit-trail")

                    _ = try await browser.evaluate(
                        """
                        const form = document.querySelector('.audit-filter');
                        form.querySelector('[name=person]').value = 'olga';
                        form.querySelector('button').click();
                        return null
                        """)
                    #expect(
                        await browser.waitUntil(
                            "return \(rows).length === 2 && \(rows).every((row) => row.cells[1].textContent === 'olga operator')"),
                        "olga's decisions alone")
                }
            }
        }

        @Test func revokingTheTokenThePageIsSignedInWithWarnsFirst() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                // A second admin token of the page's name (another device of the same person): a name is a
                // label, so only the token the page signed in with is its own.
                let listed = try json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []
                let pageName = listed.first { $0["role"] == "admin" }?["name"]?.stringValue
                let twin = try await hub.api(
                    "POST", "/api/tokens", as: "admin", body: ["role": "admin", "name": .string(pageName ?? ""), "allSites": true])
                #expect(twin.status == 201)
                try await withBrowser(hub, "own-token") { browser in
                    try await Self.openAdministration(browser, hub)
                    let own = try #require(try await browser.evaluate("return document.querySelector('.admin-tokens tr.own').innerText") as? String)
                    #expect(own.contains("you are signed in with this token") && own.contains("Revoke your own token"), "\(own)")
                    #expect(
                        try await browser.evaluate("return document.querySelectorAll('.admin-tokens tr.own').length") as? Int == 1,
                        "only the page's own token, not the other of its name")

                    // The question says what happens; the admin thinks better of it, and nothing changes.
                    let asked =
                        try await browser.evaluate(
                            """
                            let question = null;
                            window.confirm = (text) => { question = text; return false; };
                            document.querySelector('.admin-tokens tr.own button').click();
                            return question
                            """) as? String
                    #expect(asked?.hasPrefix("This is the token you are signed in with.") == true, "\(asked ?? "no question")")
                    try await Task.sleep(for: .milliseconds(300))
                    let me = try await browser.evaluate("return document.getElementById('user').textContent.split(' ')[0]") as? String
                    let tokens = try json(try await hub.api("GET", "/api/tokens", as: "admin").body)["tokens"]?.arrayValue ?? []
                    #expect(
                        tokens.filter { $0["name"]?.stringValue == me && $0["role"] == "admin" && $0["state"] == "active" }.count == 2,
                        "neither the page's own token nor its twin is revoked")
                    #expect(try await browser.evaluate("return document.getElementById('connection').textContent") as? String == "Connected")
                }
            }
        }

        @Test func anOperatorSeesCheckpointsButNoSitesOrTokensAndAGuardNoAdministration() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "operator-admin") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    #expect(await browser.waitUntil("return document.querySelector('.admin-checkpoints') !== null"))
                    #expect(
                        try await browser.evaluate("return document.querySelector('.admin-tokens, .admin-sites')") is NSNull,
                        "no token administration offered")
                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("guard"))")
                    #expect(await browser.waitUntil("return document.querySelector('.guard') !== null"))
                    #expect(
                        try await browser.evaluate("return document.querySelector('.tabs, .admin-tokens, .admin-checkpoints')") is NSNull,
                        "a guard sees no administration")
                }
            }
        }

        @Test func aCheckpointMadeInThePageShowsAQRCodeThatReadsAsItsCode() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "checkpoint-qr") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    _ = try await browser.evaluate(
                        """
                        document.querySelector('.tabs button[data-view=admin]').click();
                        const form = document.querySelector('.admin-checkpoints form');
                        form.querySelector('[name=name]').value = 'Gate B';
                        form.querySelector('[name=every]').value = '30m';
                        form.querySelector('button').click();
                        return null
                        """)
                    #expect(await browser.waitUntil("return document.querySelector('.qr-card canvas')?.width > 0"))
                    let shown = try #require(try await browser.evaluate("return document.querySelector('.qr-card .code').textContent") as? String)
                    let dataURL = try #require(
                        try await browser.evaluate("return document.querySelector('.qr-card canvas').toDataURL('image/png')") as? String)
                    let (read, file) = try await Zbar.read(pngDataURL: dataURL)
                    #expect(read == shown && shown.hasPrefix("vigil-checkpoint:v1:hq:cp_"), "the printed code is the checkpoint's: \(file.path)")
                    if read == shown { try? FileManager.default.removeItem(at: file) }

                    // The code checks a guard in: it is the hub's own.
                    let guardClient = hub.client("guard")
                    let checkedIn = try await guardClient.publish(topic: "checkins/hq", type: "check_in", data: ["code": .string(read)])
                    #expect(checkedIn.seq != nil)
                    await guardClient.close()
                }
            }
        }

        @Test func anOperatorGivesACheckpointsRoundToAGuardInThePageAndTheGuardSeesItIsTheirs() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let olga = hub.client("operator")
                _ = try await olga.request(.publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Roof door", "every": "30m"]))
                await olga.close()
                try await withBrowser(hub, "checkpoint-assign") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    @Sendable func assign(_ name: String) async throws {
                        _ = try await browser.evaluate(
                            """
                            document.querySelector('.tabs button[data-view=admin]').click();
                            const form = document.querySelector('.admin-checkpoints .assign-round');
                            form.querySelector('[name=guard]').value = '\(name)';
                            form.querySelector('button').click();
                            return null
                            """)
                    }
                    #expect(await browser.waitUntil("return document.querySelector('.checkpoint-admin')?.textContent.includes('Roof door') === true"))
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelector('.checkpoint-admin').textContent.includes(\"nobody's round in particular\")"))
                    try await assign("dora")
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelector('.assign-round .refusal')?.textContent.includes('no guard named dora') === true"),
                        "a guard of another site is refused in words")
                    try await assign("gus")
                    #expect(await browser.waitUntil("return document.querySelector('.checkpoint-admin').textContent.includes(\"gus's round\")"))
                    #expect(await browser.waitUntil("return document.querySelector('.assign-round .refusal') === null"))

                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("guard"))")
                    #expect(
                        await browser.waitUntil("return document.querySelector('.guard .checkpoints')?.textContent.includes('Roof door') === true"))
                    #expect(await browser.waitUntil("return document.querySelector('.guard .checkpoints').textContent.includes('your round')"))
                }
            }
        }
    }
}
