import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// WCAG 2.1 AA for the sign-in and the alert queue: axe-core's rules (names, roles, contrast) on the
    /// live page, and the keyboard path a person takes to the queue and through it.
    @Suite(.enabled(if: Axe.isAvailable, "needs axe-core (VIGIL_AXE_JS)"))
    struct AccessibilityTests {
        @Test func theSignInBreaksNoWCAGRuleEvenWhenATokenIsRefused() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try Axe.serve(hub)
                try await withBrowser(hub, "a11y-sign-in") { browser in
                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("revoked"))")
                    #expect(await browser.waitUntil("return document.getElementById('sign-in-error').textContent.includes('revoked')"))
                    #expect(try await Axe.violations(in: browser) == [])
                    #expect(
                        try await browser.evaluate("return document.activeElement.id") as? String == "token", "the focus waits in the token field")

                    // The checker does check: an image without a text alternative is caught.
                    _ = try await browser.evaluate(
                        "document.querySelector('main').append(Object.assign(document.createElement('img'), {src: '/icons/icon-192.png'})); "
                            + "return null"
                    )
                    #expect(try await Axe.violations(in: browser).contains { $0.hasPrefix("image-alt") })
                }
            }
        }

        @Test func theAlertQueueBreaksNoWCAGRuleAndIsReachedAndWorkedByKeyboard() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try Axe.serve(hub)
                try await withBrowser(hub, "a11y-queue") { browser in
                    try await browser.resize(width: 1920, height: 1080)
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    let first = try await DashboardTests.raise(hub, at: "gate-1", kind: "door", severity: 3)
                    try await hub.advance(by: .seconds(1))
                    let second = try await DashboardTests.raise(hub, at: "gate-2", kind: "panic", severity: 5)
                    try await hub.advance(by: .seconds(1))
                    _ = try await hub.api(
                        "POST", "/api/alerts", as: "device", body: ["site": "hq", "kind": "custom", "message": "Water on the floor"])
                    try await hub.advance(by: .seconds(121))
                    #expect(await browser.waitUntil("return document.querySelectorAll('#alerts li.alert.escalated').length === 3"))
                    _ = try await hub.api(
                        "POST", "/api/publish", as: "operator",
                        body: ["topic": "alerts/hq", "type": "acknowledge", "data": ["alert": .string(second.id)]])
                    #expect(await browser.waitUntil("return \(DashboardTests.row(second.id)).textContent.includes('Acknowledged')"))

                    #expect(try await Axe.violations(in: browser) == [], "the whole dashboard, queue and all")

                    // From the top of the page, Tab reaches the queue's first alert, which shows its focus.
                    _ = try await browser.evaluate("document.activeElement.blur(); window.scrollTo(0, 0); return null")
                    var reached = false
                    for _ in 0..<25 where !reached {
                        try await browser.press(Chromium.Key.tab)
                        reached = try await browser.evaluate("return document.activeElement.matches('#alerts li.alert')") as? Bool == true
                    }
                    #expect(reached, "Tab reaches the queue")
                    #expect(
                        try await browser.evaluate("return document.activeElement.dataset.alert") as? String == first.id,
                        "at its oldest unacknowledged alert")
                    #expect(
                        try await browser.evaluate("return getComputedStyle(document.activeElement).outlineStyle") as? String == "solid",
                        "the focus is visible")
                    // Tab then goes through the alert's own buttons.
                    try await browser.press(Chromium.Key.tab)
                    #expect(try await browser.evaluate("return document.activeElement.textContent") as? String == "Acknowledge")
                }
            }
        }
    }
}
