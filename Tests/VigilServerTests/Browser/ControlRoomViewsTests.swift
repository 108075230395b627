import Foundation
import Synchronization
import Testing
import VigilClient

@testable import VigilDemo

extension BrowserTests {
    /// The control room as it looks on a shift: the demo site played for a while and people walking
    /// across its cameras, then every view of the dashboard on a 1920 × 1080 screen and a 3840 × 2160
    /// wall, and the guard's view on a phone. Each view fits its window without scrolling the page, its
    /// panels scrolling inside themselves; the view chosen last is the one shown next time; the
    /// analytics frame shows the camera's picture and its timeline a time axis. With
    /// `VIGIL_SCREENSHOTS=1` it leaves the pictures of the README in `docs/screenshots/`.
    @Suite
    struct ControlRoomViewsTests {
        static let views = ["live", "analytics", "flood", "admin"]

        /// What of the view shown does not fit the window: the page scrolling, a panel out of the window
        /// or squeezed too small to read (a JavaScript expression, an array of sentences).
        static let misfits = """
            const problems = [];
            const page = document.documentElement;
            if (page.scrollHeight > innerHeight + 1) problems.push(`the page scrolls: ${page.scrollHeight} px high in ${innerHeight}`);
            if (page.scrollWidth > innerWidth + 1) problems.push(`the page scrolls sideways: ${page.scrollWidth} px wide in ${innerWidth}`);
            for (const panel of document.querySelectorAll('.view:not([hidden]) .panel')) {
              const box = panel.getBoundingClientRect();
              if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 1 || box.right > innerWidth + 1)
                problems.push(`#${panel.id} is out of the window`);
              if (box.height < 120 || box.width < 240)
                problems.push(`#${panel.id} is squeezed to ${Math.round(box.width)} x ${Math.round(box.height)}`);
            }
            // A control that takes the focus (from the keyboard, or a page's own focus()) must not scroll
            // the page, whose overflow is hidden: it would leave the header out of reach.
            for (const control of document.querySelectorAll('.view:not([hidden]) .panel :is(input, button, select, textarea, a[href], [tabindex])')) {
              control.focus();
              if (scrollX !== 0 || scrollY !== 0)
                problems.push(`focusing ${control.outerHTML.slice(0, 80)} scrolls the page to ${scrollX}, ${scrollY}`);
              scrollTo(0, 0);
            }
            document.activeElement?.blur();
            return problems
            """

        /// True when the chat's newest message and its message box are on screen, not scrolled away.
        static let newestChatInView = """
            const seen = (element) => {
              const box = element?.getBoundingClientRect();
              return box !== undefined && box.height > 0 &&
                element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
            };
            return seen([...document.querySelectorAll('#chat .messages > li')].at(-1)) && seen(document.querySelector('#chat textarea'))
            """

        /// Plays the demo (its site, camera wall, alerts with snapshots, rounds, chat) and people walking
        /// across its cameras; the guard's sign-in link the demo printed.
        static func playTheDemo(_ hub: TestHub) async throws -> String {
            let lines = Mutex<[String]>([])
            let demo = Demo(
                hub: hub.configuration("admin"), settings: DemoSettings(seed: 11, steps: 40),
                sleep: { _ in try await Task.sleep(for: .milliseconds(5)) }, say: { line in lines.withLock { $0.append(line) } })
            try await demo.run()
            let walking = DetectionSimulation(
                hub: hub.configuration("admin"),
                settings: .init(site: "demo", people: 12, tick: .milliseconds(200), duration: .seconds(3), seed: 5, dimensions: 16), say: { _ in })
            try await walking.run()
            // A chat longer than its panel, as a shift's is: what the panel holds below its fold must not
            // lengthen the page.
            let chat = hub.client("admin")
            for round in 1...16 { try await chat.say(in: "chat/demo/control", text: "Round \(round) of floor \(round % 2): nothing to report") }
            await chat.close()
            let link = lines.withLock { $0 }.first { $0.contains("'s phone: ") }
            return String(try #require(link, "the demo names the guard's link").split(separator: " ").last ?? "")
        }

        @Test func everyViewFitsAScreenAndAWallAndTheGuardsViewAPhone() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                if Axe.isAvailable { try Axe.serve(hub) }
                let guardLink = try await Self.playTheDemo(hub)
                try await withBrowser(hub, "control-room-views") { browser in
                    try await browser.resize(width: 1920, height: 1080)
                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("admin"))")
                    #expect(await browser.waitUntil("return document.getElementById('site')?.options.length > 0"))
                    _ = try await browser.evaluate(
                        """
                        const picker = document.getElementById('site');
                        picker.value = 'demo'; picker.dispatchEvent(new Event('change')); return null
                        """)
                    // The page reads the demo's site topic by topic; at the end of a whole run, beside other
                    // browsers, that can take more than the usual 20 s.
                    let shown = "[...['#alerts li.alert', '#cameras .camera', '#chat .messages li']].map((s) => document.querySelectorAll(s).length)"
                    let ready = await browser.waitUntil("return \(shown).every((count) => count > 0)", timeout: .seconds(60))
                    let counts = try await browser.evaluate("return \(shown)")
                    #expect(ready, "the demo's alerts, camera wall and chat: \(String(describing: counts))")
                    #expect(await browser.waitUntil(Self.newestChatInView), "the chat's newest message and its message box, in view")
                    try await BrowserPages.saveScreenshot(browser, as: "control-room")

                    try await DashboardTests.open("analytics", in: browser)
                    try await Self.showAPictureAndATimeline(browser)
                    try await BrowserPages.saveScreenshot(browser, as: "analytics")
                    try await DashboardTests.open("admin", in: browser)
                    #expect(await browser.waitUntil("return document.querySelectorAll('#administration table tr').length > 2"))
                    try await BrowserPages.saveScreenshot(browser, as: "administration")

                    for (width, height) in [(1920, 1080), (3840, 2160)] {
                        try await browser.resize(width: width, height: height)
                        let viewport = try await browser.evaluate("return [innerWidth, innerHeight]") as? [Int]
                        #expect(viewport == [width, height], "the page is shown at \(width) x \(height)")
                        for view in Self.views {
                            try await DashboardTests.open(view, in: browser)
                            let misfits = try await browser.evaluate(Self.misfits) as? [String]
                            #expect(misfits == [], "the \(view) view at \(width) x \(height): \(misfits ?? [])")
                            if Axe.isAvailable, width == 1920 {
                                let violations = try await Axe.violations(in: browser)
                                #expect(violations == [], "the \(view) view breaks no WCAG rule: \(violations)")
                            }
                        }
                    }

                    // The view chosen last is the one the page opens with.
                    try await DashboardTests.open("analytics", in: browser)
                    _ = try await browser.evaluate("location.reload(); return null")
                    #expect(await browser.waitUntil("return document.querySelector('.tabs button[aria-current=page]')?.dataset.view === 'analytics'"))
                    #expect(try await browser.evaluate("return document.querySelector('.analytics-view').hidden") as? Bool == false)
                }

                try await withBrowser(hub, "guard-view") { phone in
                    try await phone.resize(width: 390, height: 844)
                    try await phone.open(guardLink)
                    let screen = try await phone.evaluate("return [innerWidth, innerHeight]") as? [Int]
                    #expect(screen == [390, 844], "the guard's view at 390 x 844, not \(screen ?? [])")
                    #expect(await phone.waitUntil("return document.querySelector('.guard .checkpoints li') !== null"), "the guard's rounds")
                    #expect(
                        try await phone.evaluate("return document.documentElement.scrollWidth <= document.documentElement.clientWidth") as? Bool
                            == true,
                        "nothing wider than the phone's screen beside its scroll bar")
                    // Pictured whole, as the guard scrolls it, down to the Notifications panel at its end.
                    #expect(
                        await phone.waitUntil("return document.querySelector('.guard-phone')?.textContent.length > 20"), "the Notifications panel")
                    let length = try await phone.evaluate("return document.documentElement.scrollHeight") as? Int ?? 844
                    try await phone.resize(width: 390, height: min(length, 3000))
                    try await BrowserPages.saveScreenshot(phone, as: "guard-view")
                }
            }
        }

        /// In the analytics view: finds a camera the frame shows a picture of, and a timeline of the
        /// people who walked across it.
        static func showAPictureAndATimeline(_ browser: Chromium) async throws {
            #expect(await browser.waitUntil("return document.querySelector('#analytics select[name=camera]')?.options.length > 0"))
            let pictured =
                try await browser.evaluate(
                    """
                    const select = document.querySelector('#analytics select[name=camera]');
                    for (const option of select.options) {
                      select.value = option.value; select.dispatchEvent(new Event('change'));
                      if (document.querySelector('#analytics .frame image.stream')?.getAttribute('href')) return option.value;
                    }
                    return null
                    """) as? String
            let camera = try #require(pictured, "a camera of the demo has a picture under the frame")
            let picture =
                try await browser.evaluate(
                    """
                    const href = document.querySelector('#analytics .frame image.stream').getAttribute('href');
                    return fetch(href).then((answer) => `${answer.status} ${answer.headers.get('content-type')}`)
                    """) as? String
            #expect(picture == "200 image/png", "the picture of \(camera) is served")

            _ = try await browser.evaluate("document.querySelector('#analytics select[name=window]').value = '900000'; return null")
            let size =
                try await browser.evaluate(
                    "const box = document.querySelector('#analytics svg.frame').viewBox.baseVal; return [box.width, box.height]")
                as? [Double]
            let (width, height) = (size?.first ?? 640, size?.last ?? 480)
            try await AnalyticsPanelTests.drawRectangle(browser, from: (1, 1), to: (width - 1, height - 1))
            _ = try await browser.evaluate("document.querySelector('#analytics form.roi').requestSubmit(); return null")
            #expect(
                await browser.waitUntil(
                    "return document.querySelectorAll('#analytics .timeline .bucket').length > 0 || "
                        + "document.querySelector('#analytics .timeline .empty:not([hidden])') !== null"
                ))
            #expect(try await TimeChartProbe.axisLabels(browser, in: "#analytics .timeline").count >= 4, "a time axis with labelled buckets")
        }
    }
}
