import Foundation
import Testing
import VigilClient
import VigilCore

extension BrowserTests {
    /// The analytics panel's watch zones in headless Chromium: a line drawn over the lobby's frame with
    /// a real pointer is saved as a zone counting one way, listed and drawn with its arrow; a person a
    /// device reports walking across it shows in its count and its crossings per hour; zones defined by
    /// someone else appear live, and the Remove button ends one.
    @Suite
    struct ZonePanelTests {
        private let panel = "document.querySelector('#analytics')"

        @Test func aLineDrawnSavedAndCrossedIsCountedThenRemoved() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                if Axe.isAvailable { try Axe.serve(hub) }
                try await hub.importAnalyticsTopology()
                let room = hub.client("operator")
                _ = try await room.defineZone(
                    "gate", site: "hq",
                    WatchZoneDefinition(camera: "lobby", regions: [.rect(Rect(x: 40, y: 40, width: 120, height: 100))], dwell: .text("2m")))
                _ = try await room.defineZone(
                    "yard", site: "hq", WatchZoneDefinition(camera: "dock", regions: [.rect(Rect(x: 0, y: 0, width: 50, height: 50))]))
                try await withBrowser(hub, "zone-panel") { browser in
                    try await browser.resize(width: 1600, height: 1400)
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    try await DashboardTests.open("analytics", in: browser)
                    #expect(await browser.waitUntil("return \(panel).querySelector('select[name=camera]')?.value === 'lobby'"))
                    #expect(
                        await browser.waitUntil("return \(panel).querySelector('.zone-list li[data-zone=gate]') !== null"),
                        "the lobby's zone is listed")
                    #expect(
                        try await browser.evaluate("return \(panel).querySelector('.zone-list li[data-zone=gate] .meta').textContent") as? String
                            == "area, feet inside, loitering after 2m")
                    #expect(
                        try await browser.evaluate("return \(panel).querySelector('.zone-list li[data-zone=yard]') === null") as? Bool == true,
                        "the dock's is not")
                    #expect(
                        try await browser.evaluate(
                            "return \(panel).querySelector('svg .zones g[data-zone=gate] rect.zone-area')?.getAttribute('width')")
                            as? String == "120",
                        "and it is outlined over the frame")

                    // A line down the middle of the frame, drawn with the pointer, counting left to right.
                    _ = try await browser.evaluate(
                        """
                        const tool = \(panel).querySelector('select[name=tool]');
                        tool.value = 'line'; tool.dispatchEvent(new Event('change'));
                        const direction = \(panel).querySelector('select[name=direction]');
                        direction.value = 'left-to-right'; direction.dispatchEvent(new Event('change'));
                        return null
                        """)
                    #expect(
                        try await browser.evaluate("return \(panel).querySelector('form.zone input[name=dwell]').hidden") as? Bool == true,
                        "no dwell for a line")
                    let height = try #require(
                        try await browser.evaluate(
                            """
                            const frame = \(panel).querySelector('svg.frame');
                            frame.scrollIntoView({ block: 'center' });
                            return frame.getBoundingClientRect().height
                            """) as? Double)
                    let reach = Int(height * 0.4)
                    try await browser.stroke(on: "#analytics svg.frame", through: [(0, -reach), (0, -reach / 2), (0, reach / 2), (0, reach)])
                    #expect(
                        try await browser.evaluate("return \(panel).querySelectorAll('svg .regions .drawn-line .arrow-head').length") as? Int == 1,
                        "one way: one arrow head")
                    _ = try await browser.evaluate(
                        """
                        const form = \(panel).querySelector('form.zone');
                        form.querySelector('input[name=zone]').value = 'door';
                        form.requestSubmit(); return null
                        """)
                    #expect(
                        await browser.waitUntil(
                            "return \(panel).querySelector('form.zone [role=status]').textContent === 'Zone door is watching Lobby'"))
                    let door = try #require(try await room.zones(site: "hq").zones.first { $0.zone.id == "door" }).zone.definition
                    let line = try #require(door.line, "a line: \(door)")
                    #expect(door.direction == .leftToRight && door.camera == "lobby")
                    #expect(abs(line.from.x - 320) < 3 && abs(line.to.x - 320) < 3, "down the middle: \(door)")
                    #expect(line.from.y < 60 && line.to.y > 420, "from top to bottom: \(door)")

                    let item = "\(panel).querySelector('.zone-list li[data-zone=door]')"
                    #expect(
                        await browser.waitUntil("return \(item)?.querySelector('.figures').textContent === '0 crossings this hour'"),
                        "listed with its count")
                    #expect(
                        try await browser.evaluate("return \(item).querySelector('.meta').textContent") as? String == "line, counts left to right")
                    #expect(
                        try await browser.evaluate("return \(panel).querySelectorAll('svg .regions > *').length") as? Int == 0,
                        "the drawing became the zone")
                    // Drawn downwards, the line's right is the frame's left: the arrow points there.
                    let arrow =
                        try await browser.evaluate(
                            """
                            const zone = \(panel).querySelector('svg .zones g[data-zone=door]');
                            const tip = zone.querySelector('.arrow-head').points[0];
                            return [zone.querySelectorAll('.arrow-head').length, tip.x < Number(zone.querySelector('.zone-line').getAttribute('x1'))]
                            """) as? [Any]
                    #expect(arrow?.first as? Int == 1 && arrow?.last as? Bool == true, "\(String(describing: arrow))")

                    // A person walks across it the counted way, then back: one crossing.
                    let backend = hub.client("device")
                    let now = Date()
                    _ = try await backend.publish(
                        try DetectionBatch(
                            camera: "lobby", frameSize: FrameSize(width: 640, height: 480),
                            detections: [500.0, 100, 500].enumerated().map { step, x in
                                Detection(
                                    time: now.addingTimeInterval(Double(step) - 3), box: Rect(x: x, y: 200, width: 40, height: 100), label: "person",
                                    score: 0.9, trackID: 1)
                            }), site: "hq")
                    try await hub.advance(by: .seconds(1))
                    #expect(await browser.waitUntil("return \(item).querySelector('.figures').textContent === '1 crossing this hour'"))
                    #expect(await browser.waitUntil("return \(panel).querySelectorAll('.crossings .bucket').length === 1"), "its crossings per hour")
                    #expect(
                        try await browser.evaluate("return \(panel).querySelector('.crossings .bucket').textContent.endsWith(': 1 crossing')")
                            as? Bool
                            == true)
                    #expect(try await TimeChartProbe.axisLabels(browser, in: "#analytics .crossings").count >= 6, "the day's hours on the time axis")
                    #expect(try await TimeChartProbe.barPixels(browser, in: "#analytics .crossings") > 0, "the hour's bar drawn")
                    if Axe.isAvailable { #expect(try await Axe.violations(in: browser) == []) }

                    // Someone else's zone appears as it is defined; the Remove button ends this one.
                    _ = try await room.defineZone(
                        "exit", site: "hq", WatchZoneDefinition(camera: "lobby", line: .init(from: Point(x: 0, y: 400), to: Point(x: 640, y: 400))))
                    #expect(await browser.waitUntil("return \(panel).querySelector('svg .zones g[data-zone=exit] .arrow-head') !== null"))
                    #expect(
                        try await browser.evaluate("return \(panel).querySelectorAll('svg .zones g[data-zone=exit] .arrow-head').length") as? Int
                            == 2,
                        "both ways")
                    _ = try await browser.evaluate("\(item).querySelector('button.remove').click(); return null")
                    #expect(
                        await browser.waitUntil("return \(item) === null && \(panel).querySelector('svg .zones g[data-zone=door]') === null"),
                        "gone from the list and the frame")
                    #expect(try await room.zones(site: "hq").zones.map(\.zone.id) == ["exit", "gate", "yard"])
                    for client in [room, backend] { await client.close() }
                }
            }
        }
    }
}
