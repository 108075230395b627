import Foundation
import Testing
import VigilCore

/// Signing in to the hub's own pages (`public/index.html`, `app.js`) in headless Chromium.
@Suite(.timeLimit(.minutes(10)), .enabled(if: Chromium.isAvailable, "needs chromium and chromium-driver from Debian"))
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
