import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

extension BrowserTests {
    /// With `serve --map-tiles`, the Flood tab and the report page draw the file's tiles under the
    /// boundaries and markers, with the map's attribution, in headless Chromium (which fails the test
    /// on any failed request: no tile is asked for that the file does not hold).
    @Suite(.enabled(if: MBTilesFixture.isAvailable, "needs gdal-bin from Debian"))
    struct FloodMapTilesTests {
        /// True when the map's marker is on top at its centre, over a loaded tile whose pane lies below
        /// the marker's (tiles take no pointer events, so the browser's hit test does not list them).
        private static func tileUnderMarker(in map: String) -> String {
            """
            const marker = document.querySelector('\(map) path.flood-marker');
            if (!marker) return false;
            const box = marker.getBoundingClientRect();
            const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
            const depth = (element) => Number(getComputedStyle(element.closest('.leaflet-pane')).zIndex);
            const tile = [...document.querySelectorAll('\(map) img.leaflet-tile-loaded')].find((image) => {
              const area = image.getBoundingClientRect();
              return area.left <= x && x <= area.right && area.top <= y && y <= area.bottom;
            });
            return document.elementFromPoint(x, y) === marker && tile !== undefined && depth(tile) < depth(marker)
            """
        }

        private static func attribution(in map: String) -> String {
            "return document.querySelector('\(map) .leaflet-control-attribution')?.textContent ?? null"
        }

        @Test func theFloodTabAndTheReportPageDrawTheHubsTilesUnderTheMarkers() async throws {
            let directory = try makeScratchDirectory("vigil-map")
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = try MBTilesFixture.make(in: directory, around: (46.875, -96.825))
            try await withHub(server: { $0.mapTiles = file }) { hub async throws in
                try BrowserPages.serve(hub)
                if Axe.isAvailable { try Axe.serve(hub) }
                let fixture = try await FloodFixture.make(hub)
                let reporter = fixture.reporter(hub)
                let room = hub.client("operator")
                let marker = try await reporter.submitFloodMarker(region: "red-river", FloodFixture.report(FloodFixture.inside, severity: 3)).id
                _ = try await room.approveFloodMarkers(region: "red-river", .markers([marker]))

                try await withBrowser(hub, "flood-map-tiles") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    _ = try await browser.evaluate("document.querySelector('button[data-view=flood]').click(); return null")
                    #expect(await browser.waitUntil("return document.querySelectorAll('#flood-map path.flood-marker').length === 1"))
                    #expect(
                        await browser.waitUntil("return document.querySelectorAll('#flood-map img.leaflet-tile-loaded').length > 0"),
                        "the file's tiles")
                    #expect(await browser.waitUntil(Self.tileUnderMarker(in: "#flood-map")), "under the marker")
                    #expect(
                        try await browser.evaluate(Self.attribution(in: "#flood-map")) as? String == MBTilesFixture.attribution, "its credit, as text"
                    )
                    #expect(
                        try await browser.evaluate("return document.querySelectorAll('#flood-map path.graticule').length") as? Int == 0,
                        "no graticule over the map")
                    #expect(
                        try await browser.evaluate("return document.getElementById('flood-tiles') === null") as? Bool == true,
                        "no tile URL to type in")
                }

                try await withBrowser(hub, "report-map-tiles") { browser in
                    try await browser.resize(width: 390, height: 844)
                    try await browser.setGeolocation(latitude: 46.9, longitude: -96.8, for: hub.httpsBase)
                    try await browser.open("\(hub.httpsBase)/report/#token=\(fixture.reporterToken)")
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelector('#region option') !== null && !document.getElementById('report').hidden"))
                    _ = try await browser.evaluate("document.getElementById('locate').click(); return null")
                    #expect(
                        await browser.waitUntil("return document.querySelectorAll('#report-map path.flood-marker').length === 1"),
                        "the approved report near them")
                    #expect(
                        await browser.waitUntil("return document.querySelectorAll('#report-map img.leaflet-tile-loaded').length > 0"),
                        "the file's tiles")
                    #expect(await browser.waitUntil(Self.tileUnderMarker(in: "#report-map")), "under the marker")
                    #expect(try await browser.evaluate(Self.attribution(in: "#report-map")) as? String == MBTilesFixture.attribution)
                    if Axe.isAvailable {
                        let violations = try await Axe.violations(in: browser)
                        #expect(violations == [], "the reporting page with its map: \(violations)")
                    }
                }
                await room.close()
                await reporter.close()
            }
        }
    }
}
