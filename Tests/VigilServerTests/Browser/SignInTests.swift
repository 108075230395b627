import Foundation
import Testing
import VigilCore
import VigilTestSupport

extension BrowserTests {
    /// Signing in to the hub's own pages (`public/index.html`, `app.js`) in headless Chromium.
    @Suite
    struct SignInTests {
        @Test func theOneTimeLinkSignsInLeavesTheAddressBarAndLastsForTheTabUntilSignOut() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "sign-in-link") { browser in
                    // The link `vigil serve` prints for the first admin.
                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("admin"))")
                    #expect(await browser.waitUntil("return document.getElementById('user').textContent.startsWith('root (admin')"))
                    #expect(try await browser.evaluate("return location.href") as? String == "\(hub.httpsBase)/", "the secret left the address bar")
                    #expect(try await browser.evaluate("return document.getElementById('connection').textContent") as? String == "Connected")

                    // Kept for the tab's session: a reload signs in again without the link.
                    try await browser.open("\(hub.httpsBase)/")
                    #expect(await browser.waitUntil("return document.getElementById('user').textContent.startsWith('root (admin')"))

                    _ = try await browser.evaluate("document.getElementById('sign-out').click(); return null")
                    #expect(await browser.waitUntil("return !document.getElementById('sign-in').hidden"))
                    #expect(try await browser.evaluate("return sessionStorage.getItem('vigil.token')") is NSNull, "the secret is forgotten")
                    #expect(try await browser.evaluate("return document.activeElement.id") as? String == "token", "focus goes to the token field")
                }
            }
        }

        /// A notification tapped with no page open opens a new one: on a phone notified with Vigil
        /// closed, it is signed in already; elsewhere a new tab asks, and signing out forgets it.
        @Test func aPhoneNotifiedWithVigilClosedOpensSignedInUntilSignOut() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "sign-in-phone") { phone in
                    try await GuardViewTests.openPhone(phone, hub)
                    let signedIn = "return document.getElementById('user').textContent.startsWith('gus (guard')"
                    let asks = "return !document.getElementById('sign-in').hidden"
                    #expect(await phone.waitUntil(signedIn))
                    func openInNewTab(_ path: String) async throws {
                        let opened = try await phone.command("POST", "/window/new", ["type": "tab"])
                        let handle = try #require((opened["value"] as? [String: Any])?["handle"] as? String)
                        _ = try await phone.command("POST", "/window", ["handle": handle])
                        try await phone.open("\(hub.httpsBase)\(path)")
                    }
                    try await openInNewTab("/?site=hq")
                    #expect(await phone.waitUntil(asks), "not notified: the sign-in lasts for its own tab only")

                    // The phone registered at the hub, and what "Notify me on this phone" records on the
                    // device once it is (a browser here cannot subscribe to a real push service): the
                    // page signed in keeps its sign-in.
                    let endpoint = PushPhoneRoutesTests.endpoint + "gus"
                    #expect(try await hub.api("PUT", "/api/sites/hq/push/phone", as: "guard", body: browserSubscription(endpoint)).status == 200)
                    try await openInNewTab("/#token=\(hub.token("guard"))")
                    #expect(await phone.waitUntil(signedIn))
                    _ = try await phone.evaluate(
                        """
                        localStorage.setItem('vigil.push', JSON.stringify({ endpoint: '\(endpoint)', sites: ['hq'] }));
                        document.dispatchEvent(new Event('vigil:phone'));
                        return null
                        """)
                    try await openInNewTab("/?site=hq")
                    #expect(await phone.waitUntil(signedIn), "a notification's new page is signed in")

                    _ = try await phone.evaluate("document.getElementById('sign-out').click(); return null")
                    #expect(await phone.waitUntil(asks))
                    #expect(try await phone.evaluate("return localStorage.getItem('vigil.token')") is NSNull, "signing out forgets it on the phone")
                    let phones = try await hub.api("GET", "/api/sites/hq/push/phones", as: "guard").body
                    #expect(json(phones)["phones"]?.arrayValue == [], "and removes the phone at the hub: \(phones)")
                    try await openInNewTab("/?site=hq")
                    #expect(await phone.waitUntil(asks), "and the next page asks again")
                }
            }
        }

        @Test func aPastedTokenSignsInAndARefusedOneSaysWhy() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "sign-in-paste") { browser in
                    try await browser.open("\(hub.httpsBase)/")
                    #expect(await browser.waitUntil("return !document.getElementById('sign-in').hidden"))
                    func paste(_ token: String) async throws {
                        _ = try await browser.evaluate(
                            """
                            document.getElementById('token').value = '\(token)';
                            document.getElementById('sign-in').requestSubmit();
                            return null
                            """)
                    }
                    try await paste(hub.token("revoked"))
                    #expect(await browser.waitUntil("return document.getElementById('sign-in-error').textContent.includes('revoked')"))
                    #expect(try await browser.evaluate("return document.getElementById('who').hidden") as? Bool == true)

                    try await paste(hub.token("guard"))
                    #expect(await browser.waitUntil("return document.getElementById('user').textContent.startsWith('gus (guard, sites hq)')"))
                    #expect(try await browser.evaluate("return document.getElementById('sign-in-error').textContent") as? String == "")
                }
            }
        }
    }
}
