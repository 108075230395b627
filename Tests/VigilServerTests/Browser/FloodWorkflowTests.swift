import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

extension BrowserTests {
    /// A flood followed from start to finish with the dashboard and the reporting page alone, in two
    /// headless Chromiums at once: the operator opens an event on a boundary in the Flood tab and
    /// renames it, a reporter sends a report with a photo from their phone, the operator sees the photo
    /// in the queue, approves it and sees it again in the marker's popup, then closes the event; the
    /// reporting page then says in plain words that no flood is followed there, and learns by itself
    /// of the next one opened. Both maps draw the tiles of a small MBTiles file around the region, as a
    /// hub serving its area's map does, so that the pictures of the README show them.
    @Suite(.enabled(if: MBTilesFixture.isAvailable, "needs gdal-bin from Debian"))
    struct FloodWorkflowTests {
        private static let notFollowed = "No flood is being followed here right now, so reports are not taken."

        /// How many moderation buttons are on screen (a JavaScript expression).
        private static let decisions =
            "[...document.querySelectorAll('#flood button[data-decision], "
            + "#flood button[data-boundary]')].filter((b) => b.offsetParent !== null).length"

        /// True once an image matching `selector` has loaded (a failed request leaves it 0 wide).
        private static func loaded(_ selector: String) -> String {
            "const image = document.querySelector('\(selector)'); return image !== null && image.complete && image.naturalWidth > 0"
        }

        @Test func anOperatorOpensRenamesAndClosesAFloodEventAndThePublicIsToldInPlainWords() async throws {
            let directory = try makeScratchDirectory("vigil-flood-map")
            defer { try? FileManager.default.removeItem(at: directory) }
            let map = try MBTilesFixture.make(in: directory, around: (46.875, -96.825))
            try await withHub(server: { $0.mapTiles = map }) { hub async throws in
                try FloodReportPageTests.servePagesAndPhoto(hub)
                let boundary = try await FloodFixture.makeRegion(hub)
                let reporterToken = try await FloodFixture.issueReporterToken(hub)
                let line = "#flood-events li[data-boundary=\"\(boundary)\"]"
                try await withBrowser(hub, "flood-workflow") { room in
                    try await room.resize(width: 1920, height: 1080)
                    try await DashboardTests.signIn(room, hub, as: "operator")
                    _ = try await room.evaluate("document.querySelector('button[data-view=flood]').click(); return null")
                    #expect(
                        await room.waitUntil("return document.querySelector('\(line) form.flood-open') !== null"),
                        "Fargo, without an event, offers to open one")
                    #expect(
                        try await room.evaluate("return document.querySelectorAll('#flood-events button[data-action]').length") as? Int == 0,
                        "nothing to rename or close before an event is open")
                    #expect(
                        await room.waitUntil(
                            "return document.querySelector('#flood .count')?.textContent === '0 pending' && \(Self.decisions) === 0"),
                        "nothing to approve or reject before a report")

                    _ = try await room.evaluate(
                        """
                        const form = document.querySelector('\(line) form.flood-open');
                        form.elements.name.value = 'Spring 2026'; form.querySelector('button').click(); form.querySelector('button').click();
                        return null
                        """)
                    #expect(
                        await room.waitUntil("return document.querySelector('\(line) .flood-event-name')?.textContent === 'Spring 2026'"),
                        "the event, opened")
                    #expect(
                        try await room.evaluate("return document.querySelector('\(line) form.flood-open') === null") as? Bool == true,
                        "a boundary with an open event offers no second one")

                    _ = try await room.evaluate("document.querySelector('\(line) button[data-action=rename]').click(); return null")
                    #expect(
                        await room.waitUntil("return document.activeElement === document.querySelector('\(line) form.flood-rename input')"),
                        "the name field, focused")
                    _ = try await room.evaluate(
                        """
                        const form = document.querySelector('\(line) form.flood-rename');
                        form.elements.name.value = 'Spring thaw 2026'; form.querySelector('button').click(); return null
                        """)
                    #expect(
                        await room.waitUntil("return document.querySelector('\(line) .flood-event-name')?.textContent === 'Spring thaw 2026'"),
                        "renamed")
                    let outline = json(try await curl("\(hub.httpsBase)/api/flood/regions", caFile: hub.caFile).body)["regions"]?.arrayValue?.first
                    #expect(
                        outline?["events"]?.arrayValue?.map { $0["name"] } == ["Spring thaw 2026"], "one event, clicked twice, under its new name")

                    // The report sent once the event is closed is refused on purpose (400 outside_boundary).
                    let refusedReport = "/api/flood/regions/red-river/markers - Failed to load resource: the server responded with a status of 400"
                    try await withBrowser(hub, "flood-workflow-phone", expecting: [refusedReport]) { phone in
                        try await phone.resize(width: 390, height: 844)
                        try await phone.setGeolocation(latitude: 46.9, longitude: -96.8, for: hub.httpsBase)
                        try await phone.open("\(hub.httpsBase)/report/#token=\(reporterToken)")
                        #expect(
                            await phone.waitUntil(
                                "return document.getElementById('region-status').textContent.includes('Spring thaw 2026 in Fargo')"),
                            "the page names the flood it takes reports for")
                        try await FloodReportPageTests.report(phone, severity: 4, description: "Water over the road")
                        try await FloodReportPageTests.attachPhotoAndSend(phone)
                        #expect(
                            await phone.waitUntil("return document.getElementById('result').textContent.startsWith('Sent')"), "the report is accepted"
                        )

                        // The moderator sees the photo beside the report, and how to reach the reporter.
                        #expect(await room.waitUntil(Self.loaded("#flood-queue li img[src^=\"/thumbnails/\"]")), "the photo, in the queue")
                        let queued = try await room.evaluate("return document.getElementById('flood-queue').textContent") as? String ?? ""
                        #expect(
                            queued.contains("Spring thaw 2026 · rita · rita@example.com"),
                            "the report's event by name, its reporter and their contact: \(queued)")
                        #expect(try await room.evaluate("return \(Self.decisions)") as? Int == 3, "approve, reject, and approve all pending in Fargo")
                        _ = try await room.evaluate(
                            """
                            document.querySelector('#flood-queue li input').click();
                            document.querySelector('#flood button[data-decision=approve]').click(); return null
                            """)
                        #expect(
                            await room.waitUntil("return document.querySelectorAll('#flood-map path.flood-marker').length === 1"),
                            "approved, on the map")
                        #expect(await room.waitUntil("return \(Self.decisions) === 0"), "nothing left to decide")
                        _ = try await room.evaluate(
                            "document.querySelector('#flood-map path.flood-marker').dispatchEvent(new MouseEvent('click', {bubbles: true})); "
                                + "return null"
                        )
                        #expect(
                            await room.waitUntil(Self.loaded("#flood-map .flood-marker-popup img[src^=\"/api/flood/photos/\"]")),
                            "the photo, in the marker's popup")
                        let popup =
                            try await room.evaluate("return document.querySelector('#flood-map .flood-marker-popup').textContent") as? String ?? ""
                        #expect(
                            popup.contains("Spring thaw 2026") && popup.contains("Water over the road") && !popup.contains("Marker"),
                            "the popup names the event, and shows no number: \(popup)")
                        if Axe.isAvailable {
                            #expect(
                                await room.waitUntil("return getComputedStyle(document.querySelector('#flood-map .leaflet-popup')).opacity === '1'"))
                            #expect(
                                try await Axe.violations(in: room, of: "document.getElementById('flood')") == [],
                                "the flood tab with its events, queue and popup")
                        }
                        #expect(
                            await room.waitUntil("return document.querySelectorAll('#flood-map img.leaflet-tile-loaded').length > 0"),
                            "the area's map")
                        try await BrowserPages.saveScreenshot(room, as: "flood-tab")

                        // The public sees the approved report near them, its photo, and nothing of its reporter.
                        #expect(await phone.waitUntil("return document.querySelectorAll('#nearby-list li').length === 1"))
                        _ = try await phone.evaluate(
                            "document.querySelector('#report-map path.flood-marker').dispatchEvent(new MouseEvent('click', {bubbles: true})); "
                                + "return null"
                        )
                        #expect(
                            await phone.waitUntil(Self.loaded("#report-map .flood-marker-popup img[src^=\"/api/flood/photos/\"]")),
                            "the photo, in the public popup")
                        let shown =
                            try await phone.evaluate(
                                "return document.getElementById('nearby').textContent + document.getElementById('report-map').textContent") as? String
                            ?? ""
                        #expect(!shown.contains("rita") && !shown.contains("555"), "no reporter or contact on the public map: \(shown)")
                        #expect(
                            try await phone.evaluate("return document.querySelector('#report-map .flood-marker-popup button') === null") as? Bool
                                == true,
                            "the public cannot take a marker down")
                        if Axe.isAvailable {
                            #expect(
                                await phone.waitUntil("return getComputedStyle(document.querySelector('#report-map .leaflet-popup')).opacity === '1'")
                            )
                            #expect(try await Axe.violations(in: phone) == [], "the reporting page with a marker's popup")
                        }
                        #expect(
                            try await phone.evaluate("return document.documentElement.scrollWidth <= document.documentElement.clientWidth") as? Bool
                                == true,
                            "nothing wider than the phone's screen beside its scroll bar")
                        #expect(
                            await phone.waitUntil("return document.querySelectorAll('#report-map img.leaflet-tile-loaded').length > 0"),
                            "the area's map")
                        try await BrowserPages.saveScreenshot(phone, as: "report-page")

                        // Closing asks once more, then the event and its markers go.
                        _ = try await room.evaluate("document.querySelector('\(line) button[data-action=close]').click(); return null")
                        #expect(
                            await room.waitUntil(
                                "return document.querySelector('\(line) .flood-confirm')?.textContent"
                                    + ".includes('Reports are no longer taken in Fargo') === true"
                            ))
                        _ = try await room.evaluate("document.querySelector('\(line) button[data-action=confirm-close]').click(); return null")
                        #expect(
                            await room.waitUntil("return document.querySelector('\(line) form.flood-open') !== null"),
                            "closed: Fargo offers to open an event again")
                        #expect(
                            try await room.evaluate("return document.querySelectorAll('#flood-events button[data-action]').length") as? Int == 0,
                            "nothing left to close")
                        #expect(
                            await room.waitUntil("return document.querySelectorAll('#flood-map path.flood-marker').length === 0"),
                            "the closed event's markers leave the map")

                        // The page opened while the event was open hears the hub's refusal, and says it plainly.
                        _ = try await phone.evaluate("document.getElementById('send').click(); return null")
                        #expect(
                            await phone.waitUntil("return document.getElementById('result').textContent === 'Not sent. \(Self.notFollowed)'"),
                            "not the hub's words but plain ones")
                        #expect(
                            try await phone.evaluate("return document.getElementById('report-fields').hidden") as? Bool == true,
                            "nothing left to fill in"
                        )
                        // Opened afresh, the page says so before anyone starts.
                        try await phone.open("\(hub.httpsBase)/report/")
                        #expect(await phone.waitUntil("return document.getElementById('region-status').textContent === '\(Self.notFollowed)'"))
                        #expect(try await phone.evaluate("return document.getElementById('report-fields').hidden") as? Bool == true)

                        // A new event opened in the control room shows on the open page within seconds, without reloading it.
                        _ = try await room.evaluate(
                            """
                            const form = document.querySelector('\(line) form.flood-open');
                            form.elements.name.value = 'Second crest'; form.querySelector('button').click(); return null
                            """)
                        #expect(
                            await phone.waitUntil(
                                "return document.getElementById('region-status').textContent.includes('Second crest in Fargo') && "
                                    + "!document.getElementById('report-fields').hidden"
                            ),
                            "the page asks for the open events again by itself")
                    }
                }
            }
        }
    }
}
