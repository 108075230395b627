import Foundation
import Testing
import VigilClient
import VigilCore

extension BrowserTests {
    /// The dashboard's flood tab in headless Chromium: the region's map without tiles (a graticule, its
    /// boundary, approved markers by severity, live; a marker's popup removes it) and the moderation
    /// queue with its bulk actions.
    @Suite
    struct FloodPanelTests {
        private static func count(_ selector: String) -> String { "document.querySelectorAll('\(selector)').length" }

        @Test func anOperatorModeratesReportsAndSeesThemOnTheMapAsTheyAreApproved() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                if Axe.isAvailable { try Axe.serve(hub) }
                let fixture = try await FloodFixture.make(hub)
                let reporter = fixture.reporter(hub)
                var ids: [Int64] = []
                for (severity, latitude) in [(3, 46.9), (5, 46.85)] {
                    ids.append(
                        try await reporter.submitFloodMarker(
                            region: "red-river", FloodFixture.report(try GeoPoint(latitude: latitude, longitude: -96.8), severity: severity)
                        ).id)
                }
                try await withBrowser(hub, "flood-panel") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    _ = try await browser.evaluate("document.querySelector('button[data-view=flood]').click(); return null")
                    #expect(
                        await browser.waitUntil("return document.querySelector('#flood .count')?.textContent === '2 pending'"),
                        "the queue holds both reports")
                    #expect(
                        (try await browser.evaluate("return document.getElementById('flood-queue').textContent") as? String)?.contains(
                            "rita@example.com")
                            == true,
                        "moderators see how to reach the reporter")
                    #expect(await browser.waitUntil("return \(Self.count("#flood-map path.graticule")) > 4"), "a graticule without tiles")
                    #expect(try await browser.evaluate("return \(Self.count("#flood-map path.flood-boundary"))") as? Int == 1)
                    #expect(
                        try await browser.evaluate("return \(Self.count("#flood-map img.leaflet-tile"))") as? Int == 0,
                        "no tile is fetched without a tile URL")
                    #expect(
                        try await browser.evaluate("return \(Self.count("#flood-map path.flood-marker"))") as? Int == 0,
                        "pending markers are not on the map")

                    _ = try await browser.evaluate(
                        """
                        document.querySelector('#flood-queue li[data-marker="\(ids[0])"] input').click();
                        document.querySelector('#flood button[data-decision=approve]').click(); return null
                        """)
                    #expect(await browser.waitUntil("return document.querySelector('#flood .count').textContent === '1 pending'"))
                    #expect(
                        await browser.waitUntil("return \(Self.count("#flood-map path.flood-marker.flood-severity-3")) === 1"),
                        "the approved marker, coloured by its severity")

                    _ = try await reporter.submitFloodMarker(
                        region: "red-river", FloodFixture.report(try GeoPoint(latitude: 46.82, longitude: -96.78), severity: 1))
                    #expect(
                        await browser.waitUntil("return document.querySelector('#flood .count').textContent === '2 pending'"),
                        "a new report arrives live"
                    )
                    _ = try await browser.evaluate(
                        "document.querySelector('#flood button[data-boundary=\"\(fixture.boundary)\"]').click(); return null")
                    #expect(
                        await browser.waitUntil("return document.querySelector('#flood .count').textContent === '0 pending'"),
                        "everything pending in Fargo, in one action")
                    #expect(await browser.waitUntil("return \(Self.count("#flood-map path.flood-marker")) === 3"))
                    #expect(try await browser.evaluate("return \(Self.count("#flood-map path.flood-marker.flood-severity-5"))") as? Int == 1)

                    // The severity-5 report turns out a hoax: its popup takes it down again.
                    _ = try await browser.evaluate(
                        "document.querySelector('#flood-map path.flood-marker.flood-severity-5').dispatchEvent(new "
                            + "MouseEvent('click', {bubbles: true})); return null"
                    )
                    #expect(
                        await browser.waitUntil("return document.querySelector('#flood-map .flood-marker-popup button[data-remove]') !== null"),
                        "an approved marker's popup offers to remove it")
                    if Axe.isAvailable {
                        // Leaflet fades a popup in: its colours are checked once it is opaque.
                        #expect(
                            await browser.waitUntil("return getComputedStyle(document.querySelector('#flood-map .leaflet-popup')).opacity === '1'"))
                        #expect(
                            try await Axe.violations(in: browser, of: "document.querySelector('#flood-map .flood-marker-popup')") == [], "the popup")
                    }
                    _ = try await browser.evaluate(
                        "document.querySelector('#flood-map .flood-marker-popup button[data-remove]').click(); return null")
                    #expect(
                        await browser.waitUntil("return \(Self.count("#flood-map path.flood-marker")) === 2"),
                        "gone from the map as the removal comes back")
                    #expect(await browser.waitUntil("return document.querySelector('#flood-map .leaflet-popup') === null"), "and its popup with it")
                    #expect(try await browser.evaluate("return \(Self.count("#flood-map path.flood-marker.flood-severity-5"))") as? Int == 0)
                    let state = try await collect(1, from: try await reporter.subscribe("flood/red-river"))[0]
                    #expect(
                        state.data["markers"]?.arrayValue?.count == 2 && state.data["markers"]?.arrayValue?.contains { $0["severity"] == 5 } == false,
                        "gone for the public too")
                    if Axe.isAvailable {
                        #expect(try await Axe.violations(in: browser, of: "document.getElementById('flood')") == [], "the flood tab, map and queue")
                    }
                }
                await reporter.close()
            }
        }

        /// Reports that crowd one street gather into clusters that say how many they hold, ringed in the
        /// colour of the worst severity among them; a click on a cluster zooms in and they come apart.
        @Test func crowdedMarkersGatherInClustersThatCountThemAndShowTheWorstSeverity() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                if Axe.isAvailable { try Axe.serve(hub) }
                let fixture = try await FloodFixture.make(hub)
                let reporter = fixture.reporter(hub)
                for index in 0..<30 {
                    let point = try GeoPoint(latitude: 46.88 + Double(index % 6) * 0.0004, longitude: -96.79 + Double(index / 6) * 0.0004)
                    _ = try await reporter.submitFloodMarker(region: "red-river", FloodFixture.report(point, severity: index == 17 ? 5 : 2))
                }
                let room = hub.client("operator")
                _ = try await room.approveFloodMarkers(region: "red-river", .boundary(fixture.boundary))
                try await withBrowser(hub, "flood-clusters") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    try await DashboardTests.open("flood", in: browser)
                    let singles = Self.count("#flood-map path.flood-marker")
                    let inClusters =
                        "[...document.querySelectorAll('#flood-map .flood-cluster span')].reduce((sum, span) => sum + Number(span.textContent), 0)"
                    #expect(await browser.waitUntil("return \(inClusters) + \(singles) === 30"), "every approved report, in a cluster or alone")
                    #expect(
                        try await browser.evaluate("return \(Self.count("#flood-map .flood-cluster"))") as? Int ?? 0 >= 1, "the crowded ones gathered"
                    )
                    #expect(
                        try await browser.evaluate("return \(Self.count("#flood-map .flood-cluster-5"))") as? Int == 1,
                        "the worst severity rings its cluster")
                    let before = try await browser.evaluate("return \(singles)") as? Int ?? 0
                    _ = try await browser.evaluate("document.querySelector('#flood-map .flood-cluster').click(); return null")
                    #expect(await browser.waitUntil("return \(singles) > \(before)"), "zoomed in, the cluster comes apart")
                    if Axe.isAvailable {
                        // The clusters fade in as the map zooms: their colours are checked once they are opaque.
                        #expect(
                            await browser.waitUntil(
                                """
                                return document.querySelector('#flood-map .leaflet-cluster-anim') === null
                                  && [...document.querySelectorAll('#flood-map .flood-cluster')].every((c) => getComputedStyle(c).opacity === '1')
                                """))
                        let violations = try await Axe.violations(in: browser, of: "document.getElementById('flood-map')")
                        #expect(violations == [], "the clusters' colours and names: \(violations)")
                    }
                }
                await reporter.close()
                await room.close()
            }
        }
    }
}
