import Foundation
import Testing
import VigilCore
import VigilTestSupport

extension BrowserTests {
    /// The page's service worker in headless Chromium: a Web Push the hub sent is shown as the
    /// notification a guard reads, a newer one about the same alert replaces it, and its click takes
    /// the page to the alert; the "Notify me on this phone" control says what the browser allows; and
    /// the page opens with no connection and comes back live by itself.
    @Suite(.enabled(if: PushReference.isAvailable, "needs a Python with http_ece and py_vapid (VIGIL_PUSH_PYTHON)"))
    struct PhoneNotificationTests {
        /// The page's service worker has taken it over (on the first visit it installs while the page runs).
        static let controlled = "return navigator.serviceWorker.controller !== null"

        /// The escalation the hub pushed, read by the reference push service (http_ece decrypts it with
        /// the phone's key) and handed to the browser's service worker through DevTools, as the
        /// browser's push service would hand it over: headless Chromium cannot subscribe to a real one.
        @Test func anEscalationPushedToTheGuardsPhoneIsShownAndItsClickOpensTheAlert() async throws {
            let keys = BrowserPushKeys()
            let service = try await PushServiceProcess(receivers: ["/sub/gus": keys])
            defer { service.stop() }
            try await PushDeliveryTests().withPushingHub(service, phones: ["/sub/gus": keys]) { hub in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "push-phone") { phone in
                    try await phone.setNotificationPermission("granted", for: hub.httpsBase)
                    try await GuardViewTests.openPhone(phone, hub)
                    #expect(await phone.waitUntil(Self.controlled))
                    let devTools = try await DevTools.connect(to: phone)
                    defer { Task { await devTools.close() } }
                    let page = try await devTools.attach(toFirst: "page")
                    try await devTools.call("ServiceWorker.enable", session: page)
                    let registration = try await devTools.event("ServiceWorker.workerRegistrationUpdated") {
                        $0["registrations"]?.arrayValue?.contains { $0["scopeURL"]?.stringValue == "\(hub.httpsBase)/" } == true
                    }
                    let registrationID = try #require(registration["registrations"]?.arrayValue?.first?["registrationId"]?.stringValue)

                    let id = try await PushDeliveryTests().escalateAnAlert(hub)
                    let pushed = try #require(try await service.waitForMessages(1).first?.plaintext)
                    let shown =
                        "navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((all) => all.map((n) => [n.title, n.body, "
                        + "n.timestamp]))"
                    // Delivered twice, as a push service may: the second is shown once the first is, and replaces it.
                    var notifications: [JSONValue] = []
                    var firstShownAt = 0.0
                    for delivery in 0..<2 {
                        try await devTools.call(
                            "ServiceWorker.deliverPushMessage",
                            ["origin": .string(hub.httpsBase), "registrationId": .string(registrationID), "data": .string(pushed)], session: page)
                        _ = try await eventually(timeout: .seconds(20)) {
                            notifications = try await devTools.evaluate(shown, session: page).arrayValue ?? []
                            return notifications.contains { ($0.arrayValue?.last?.numberValue ?? 0) > firstShownAt }
                        }
                        if delivery == 0 { firstShownAt = notifications.compactMap { $0.arrayValue?.last?.numberValue }.max() ?? 0 }
                    }
                    #expect(
                        notifications.map { Array(($0.arrayValue ?? []).prefix(2)) } == [
                            ["Escalated: door at North gate", "Headquarters: not acknowledged yet"]
                        ],
                        "what the guard reads on the lock screen, once: the repeat replaced it (same tag)")

                    // DevTools cannot click a notification: the worker's click handler is run in the worker
                    // on the notification shown. The page is taken to the alert; focusing the window is
                    // refused outside a real click, which is the browser's rule, not the page's.
                    let worker = try await devTools.attach(toFirst: "service_worker")
                    let clicked = try await devTools.evaluate(
                        "registration.getNotifications().then(([shown]) => openNotification(shown)).then(() => 'opened', (error) => error.name)",
                        session: worker)
                    #expect(clicked == "opened" || clicked == "InvalidAccessError", "\(clicked)")
                    let linked = "document.querySelector('.guard-alerts li[aria-current=\"true\"]')"
                    #expect(
                        await phone.waitUntil("return location.search === '?site=hq&alert=\(id)' && \(linked)?.dataset.alert === '\(id)'"),
                        "the guard's view, signed in still, with the alert marked")
                    try await BrowserPages.saveScreenshot(phone, as: "guard-opened-from-notification")
                }
            }
        }

        @Test func theNotifyControlSaysWhatTheBrowserAllowsInTheGuardViewAndTheDashboard() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                if Axe.isAvailable { try Axe.serve(hub) }
                try await withBrowser(hub, "notify-control") { phone in
                    try await GuardViewTests.openPhone(phone, hub)
                    let status = "document.querySelector('.guard-phone .phone-status')?.textContent"
                    let button = "document.querySelector('.guard-phone .phone-switch')"
                    #expect(
                        await phone.waitUntil(
                            "return \(status) === 'This phone is not notified while Vigil is closed.' && !\(button).hidden && "
                                + "\(button).textContent === 'Notify me on this phone'"
                        ),
                        "off, with the button to turn it on; the browser is asked nothing until it is clicked")
                    #expect(try await phone.evaluate("return Notification.permission") as? String == "default")
                    _ = try await phone.evaluate("document.querySelector('.guard-phone').scrollIntoView(); return null")
                    try await BrowserPages.saveScreenshot(phone, as: "guard-notifications")

                    try await phone.setNotificationPermission("denied", for: hub.httpsBase)
                    _ = try await phone.evaluate("location.reload(); return null")
                    #expect(
                        await phone.waitUntil(
                            "return \(status)?.startsWith('Notifications are blocked for Vigil in this browser.') === true && \(button).hidden"),
                        "blocked: said in words, and no button that cannot work")
                    if Axe.isAvailable { #expect(try await Axe.violations(in: phone, of: "document.querySelector('.guard-phone')") == []) }
                }
                try await withBrowser(hub, "notify-control-room") { controlRoom in
                    try await controlRoom.setNotificationPermission("granted", for: hub.httpsBase)
                    try await DashboardTests.signIn(controlRoom, hub, as: "operator")
                    _ = try await controlRoom.evaluate("document.querySelector('.phone-menu summary').click(); return null")
                    #expect(
                        await controlRoom.waitUntil(
                            "return document.querySelector('.phone-menu .phone-status')?.textContent === "
                                + "'This phone is not notified while Vigil is closed.' && "
                                + "document.querySelector('.phone-menu .phone-switch').checkVisibility()"
                        ),
                        "the control room has the same control, for the site shown")
                    if Axe.isAvailable { #expect(try await Axe.violations(in: controlRoom, of: "document.querySelector('.phone-menu')") == []) }

                    // An operator's notification links to the control room's queue: the alert is marked and has the focus.
                    let alert = try await DashboardTests.raise(hub, at: "back-door", kind: "door", severity: 3)
                    try await controlRoom.open("\(hub.httpsBase)/?site=hq&alert=\(alert.id)")
                    let linked = "document.querySelector('#alerts li[aria-current=\"true\"]')"
                    #expect(
                        await controlRoom.waitUntil("return \(linked)?.dataset.alert === '\(alert.id)' && document.activeElement === \(linked)"),
                        "the linked alert, marked and focused in the queue")
                }
            }
        }

        /// The hub stopped is what a phone with no network sees: nothing answers.
        @Test func theGuardViewOpensWithNoConnectionAndComesBackLiveByItself() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "offline-phone", expecting: [refusedWebSocket, resetWebSocket]) { phone in
                    try await GuardViewTests.openPhone(phone, hub)
                    #expect(await phone.waitUntil(Self.controlled))
                    #expect(await phone.waitUntil("return document.querySelector('.guard-alerts h2')?.textContent === 'Alerts for you'"))
                    let keptPage =
                        "return caches.open('vigil-shell-v1').then((cache) => cache.match('/')).then((page) => arguments[0](page !== undefined))"
                    #expect(
                        await eventually(timeout: .seconds(20)) { (try? await phone.evaluateAsync(keptPage)) as? Bool == true },
                        "the page is kept for opening offline")

                    await hub.stop()
                    _ = try await phone.evaluate("location.reload(); return null")
                    #expect(
                        await phone.waitUntil(
                            "return document.getElementById('offline')?.checkVisibility() === true && "
                                + "document.getElementById('offline').textContent.startsWith('No connection to the hub.')"
                        ),
                        "a plain 'No connection', not the browser's error page")
                    #expect(try await phone.evaluate("return document.getElementById('sign-in').hidden") as? Bool == true, "still signed in")
                    try await BrowserPages.saveScreenshot(phone, as: "guard-offline")

                    try await hub.start()
                    #expect(
                        await phone.waitUntil(
                            "return document.getElementById('connection').textContent === 'Connected' && document.getElementById('offline').hidden "
                                + "&& document.querySelector('.guard-alerts h2')?.textContent === 'Alerts for you'",
                            timeout: .seconds(40)),
                        "live again by itself")
                }
            }
        }
    }
}
