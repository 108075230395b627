import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// The dashboard's analytics panel in headless Chromium: a rectangle drawn over a camera's frame
    /// finds the people whose boxes it holds, as draggable thumbnails; the timeline's bars open their
    /// results; a result dropped on the image query finds the same person on the other camera; live
    /// boxes are drawn over the frame.
    @Suite
    struct AnalyticsPanelTests {
        /// Publishes what the tests' hour would hold, at the wall clock's now (the panel searches back from now).
        static func publishPeople(_ hub: TestHub) async throws -> (walker: String, other: String) {
            try await hub.importAnalyticsTopology()
            let walker = try #require(json(try await hub.upload(fixtureImage("snapshot.jpg")).body)["hash"]?.stringValue)
            let other = try #require(json(try await hub.upload(fixtureImage("snapshot.png")).body)["hash"]?.stringValue)
            let now = Date()
            func at(_ seconds: Double) -> Date { now.addingTimeInterval(-seconds) }
            let lobby = try DetectionBatch(
                camera: "lobby", frameSize: FrameSize(width: 640, height: 480),
                detections: [
                    Detection(
                        time: at(60), box: Rect(x: 100, y: 100, width: 40, height: 100), label: "person", score: 0.9, trackID: 1, thumbnail: walker,
                        appearance: [1, 0.1, 0]),
                    Detection(
                        time: at(59), box: Rect(x: 110, y: 100, width: 40, height: 100), label: "person", score: 0.9, trackID: 1, thumbnail: walker,
                        appearance: [1, 0.12, 0]),
                    Detection(
                        time: at(30), box: Rect(x: 500, y: 300, width: 40, height: 100), label: "person", score: 0.9, trackID: 2, thumbnail: other,
                        appearance: [0, 0, 1]),
                ])
            let dock = try DetectionBatch(
                camera: "dock", frameSize: FrameSize(width: 320, height: 240),
                detections: [
                    Detection(
                        time: at(20), box: Rect(x: 10, y: 10, width: 40, height: 100), label: "person", score: 0.9, trackID: 7, thumbnail: walker,
                        appearance: [0.98, 0.1, 0.02])
                ])
            for batch in [lobby, dock] {
                var body = try JSONValue(parsing: DetectionBatchJSON.write(batch))
                body = .object((body.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
                #expect(try await hub.api("POST", "/api/detections", as: "device", body: body).status == 200)
            }
            return (walker, other)
        }

        /// Draws a rectangle over the panel's frame from one point to another, in the frame's pixels.
        static func drawRectangle(_ browser: Chromium, from: (Double, Double), to: (Double, Double)) async throws {
            _ = try await browser.evaluate(
                """
                const frame = document.querySelector('#analytics svg.frame');
                const box = frame.getBoundingClientRect();
                const [, , width, height] = frame.getAttribute('viewBox').split(' ').map(Number);
                const at = (x, y) => ({clientX: box.left + x / width * box.width, clientY: box.top + y / height * box.height, pointerId: 1,
                  bubbles: true});
                frame.dispatchEvent(new PointerEvent('pointerdown', at(\(from.0), \(from.1))));
                frame.dispatchEvent(new PointerEvent('pointermove', at(\((from.0 + to.0) / 2), \((from.1 + to.1) / 2))));
                frame.dispatchEvent(new PointerEvent('pointermove', at(\(to.0), \(to.1))));
                frame.dispatchEvent(new PointerEvent('pointerup', at(\(to.0), \(to.1))));
                return null
                """)
        }

        @Test func aDrawnRegionFindsThePersonWhoseBoxItHoldsAndTheImageQueryFindsThemOnTheOtherCamera() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let (walker, _) = try await Self.publishPeople(hub)
                try await withBrowser(hub, "analytics-panel") { browser in
                    try await browser.resize(width: 1600, height: 1400)
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    try await DashboardTests.open("analytics", in: browser)
                    #expect(
                        await browser.waitUntil("return document.querySelector('#analytics select[name=camera]')?.value === 'lobby'"),
                        "the panel knows the cameras")
                    try await Self.drawRectangle(browser, from: (80, 80), to: (200, 180))
                    #expect(try await browser.evaluate("return document.querySelectorAll('#analytics .regions rect').length") as? Int == 1)
                    #expect(
                        try await browser.evaluate(
                            "return [...document.querySelectorAll('#analytics .regions rect')].map(r => [r.getAttribute('x'), "
                                + "r.getAttribute('width')].map(Number).map(Math.round)).flat().join(',')"
                        ) as? String == "80,120",
                        "the rectangle is in the frame's pixels")
                    _ = try await browser.evaluate("document.querySelector('#analytics form.roi').requestSubmit(); return null")

                    #expect(
                        await browser.waitUntil("return document.querySelectorAll('#analytics .found > .hits li').length === 1"),
                        "one person: the one standing in it")
                    let found = "document.querySelector('#analytics .found > .hits li img')"
                    #expect(try await browser.evaluate("return \(found).dataset.thumbnail") as? String == walker)
                    #expect(try await browser.evaluate("return \(found).draggable") as? Bool == true)
                    let source = try #require(try await browser.evaluate("return \(found).dataset.source") as? String)
                    #expect(json(source)["kind"] == "detection" && json(source)["camera"] == "lobby" && json(source)["id"]?.numberValue != nil)
                    #expect(await browser.waitUntil("return \(found).complete && \(found).naturalWidth > 0"), "its thumbnail is drawn")
                    let seenAt =
                        try await browser.evaluate("return new Date(\(Int64(json(source)["ts"]?.numberValue ?? 0))).toLocaleTimeString()") as? String
                        ?? ""
                    #expect(
                        try await browser.evaluate("return document.querySelector('#analytics .found > .hits li').textContent") as? String ?? ""
                            == "Lobby · \(seenAt) · 80% inside · seen 2×",
                        "its best frame: 80% of the box is in the rectangle")

                    // Judged by the feet instead, nobody: the box's bottom centre is below the rectangle.
                    _ = try await browser.evaluate(
                        """
                        const rule = document.querySelector('#analytics select[name=rule]');
                        rule.value = 'bottom-center'; rule.dispatchEvent(new Event('change'));
                        document.querySelector('#analytics form.roi').requestSubmit(); return null
                        """)
                    #expect(await browser.waitUntil("return document.querySelector('#analytics .found > .meta').textContent.startsWith('0 people')"))

                    // The timeline has the walker's bar; selecting it lists its results.
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelectorAll('#analytics .timeline .bucket').length >= 1 || "
                                + "document.querySelector('#analytics .timeline .empty:not([hidden])') !== null"
                        ))
                    _ = try await browser.evaluate(
                        """
                        const rule = document.querySelector('#analytics select[name=rule]');
                        rule.value = 'intensity'; rule.dispatchEvent(new Event('change'));
                        document.querySelector('#analytics form.roi').requestSubmit(); return null
                        """)
                    #expect(
                        await browser.waitUntil("return document.querySelectorAll('#analytics .timeline .bucket').length === 1"),
                        "one bar: a minute ago")
                    #expect(try await TimeChartProbe.barPixels(browser, in: "#analytics .timeline") > 0, "drawn on the chart")
                    let axis = try await TimeChartProbe.axisLabels(browser, in: "#analytics .timeline")
                    #expect(
                        axis.count >= 4 && axis.allSatisfy { $0.range(of: #"^\d{1,2}:\d\d"#, options: .regularExpression) != nil },
                        "a time axis with its buckets labelled by the time they start: \(axis)")
                    // The last hour, in buckets of a minute, is labelled every ten minutes on the clock.
                    let minutes = axis.compactMap { Int($0.split(separator: ":")[1].prefix(2)) }
                    #expect(minutes.count == axis.count && minutes.allSatisfy { $0 % 10 == 0 }, "labels at round times: \(axis)")
                    _ = try await browser.evaluate("document.querySelector('#analytics .timeline .bucket').click(); return null")
                    #expect(
                        await browser.waitUntil("return /^1 person at /.test(document.querySelector('#analytics .found > .meta').textContent)"),
                        "the bar's results")

                    // Dropped on the image query for the neighbouring cameras, the walker is found on the dock camera.
                    _ = try await browser.evaluate("document.querySelector('#analytics input[name=near]').checked = true; return null")
                    try await browser.drag("#analytics .found > .hits li img", to: "#analytics .drop")
                    #expect(await browser.waitUntil("return document.querySelectorAll('#analytics .similar li').length >= 1"))
                    let alike =
                        try await browser.evaluate("return document.querySelector('#analytics .similar li img').dataset.source") as? String ?? ""
                    #expect(json(alike)["camera"] == "dock", "the most alike is the walker on the dock camera: \(alike)")

                    // Dragged into the chat, the person goes with where they were seen.
                    try await browser.drag("#analytics .found > .hits li img", to: "#chat .chat-compose textarea")
                    #expect(await browser.waitUntil("return document.querySelector('#chat .tray img')?.dataset.thumbnail === '\(walker)'"))
                    _ = try await browser.evaluate("document.querySelector('#chat .chat-compose .send').click(); return null")
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelector('#chat .messages li.message button.source')?.dataset.sourceKind === 'detection'"))
                    let said = try await hub.client("admin").history(topic: "chat/hq/control").last?.data["message"]?["attachments"]?.arrayValue?
                        .first
                    #expect(
                        said?["source"]?["kind"] == "detection" && said?["source"]?["camera"] == "lobby" && said?["source"]?["id"]?.stringValue != nil
                    )

                    // The drawn rectangle kept as a watch zone with a dwell time.
                    _ = try await browser.evaluate(
                        """
                        const form = document.querySelector('#analytics form.zone');
                        form.querySelector('input[name=zone]').value = 'gate';
                        form.querySelector('input[name=dwell]').value = '2m';
                        form.requestSubmit(); return null
                        """)
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelector('#analytics form.zone [role=status]').textContent === 'Zone gate is watching Lobby'"))
                    let watcher = hub.client("guard")
                    let zone = try await collect(1, from: try await watcher.subscribe("zones/hq/gate"))[0]
                    #expect(
                        zone.data["zone"]?["camera"] == "lobby" && zone.data["zone"]?["dwell"] == "2m" && zone.data["zone"]?["definedBy"] == "olga")
                    #expect(
                        zone.data["zone"]?["regions"]?.arrayValue?.first?["rect"]?["width"]?.numberValue.map { $0.rounded() } == 120,
                        "the rectangle drawn")
                    await watcher.close()

                    // Live boxes of the lobby are drawn over its frame.
                    let live = try DetectionBatch(
                        camera: "lobby", frameSize: FrameSize(width: 640, height: 480),
                        detections: [
                            Detection(time: Date(), box: Rect(x: 300, y: 200, width: 50, height: 120), label: "person", score: 0.8, trackID: 9),
                            Detection(time: Date(), box: Rect(x: 10, y: 20, width: 30, height: 60), label: "person", score: 0.7, trackID: 10),
                        ])
                    var body = try JSONValue(parsing: DetectionBatchJSON.write(live))
                    body = .object((body.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
                    #expect(try await hub.api("POST", "/api/detections", as: "device", body: body).status == 200)
                    #expect(await browser.waitUntil("return document.querySelectorAll('#analytics .live-boxes rect').length === 2"), "the live boxes")
                    #expect(
                        try await browser.evaluate("return document.querySelector('#analytics .live-boxes rect').getAttribute('x')") as? String
                            == "300")
                }
            }
        }

        @Test(.enabled(if: Axe.isAvailable, "needs axe-core (VIGIL_AXE_JS)")) func thePanelWithResultsBreaksNoWCAGRule() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try Axe.serve(hub)
                _ = try await Self.publishPeople(hub)
                try await withBrowser(hub, "analytics-a11y") { browser in
                    try await browser.resize(width: 1600, height: 1400)
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    try await DashboardTests.open("analytics", in: browser)
                    #expect(await browser.waitUntil("return document.querySelector('#analytics select[name=camera]')?.value === 'lobby'"))
                    try await Self.drawRectangle(browser, from: (0, 0), to: (640, 480))
                    _ = try await browser.evaluate("document.querySelector('#analytics form.roi').requestSubmit(); return null")
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelectorAll('#analytics .timeline .bucket').length >= 1 && "
                                + "document.querySelectorAll('#analytics .found > .hits img').length === 2"
                        ))
                    #expect(await browser.waitUntil("return [...document.querySelectorAll('#analytics .hits img')].every(i => i.complete)"))
                    let violations = try await Axe.violations(in: browser)
                    #expect(violations == [], "\(violations)")
                }
            }
        }
    }
}
