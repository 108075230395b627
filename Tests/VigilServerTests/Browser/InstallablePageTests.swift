import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// The page as a phone installs it and as a browser loads it: its icon, its web app manifest, the
    /// switch that lets the alert tone sound, and fields that check what they are given.
    @Suite
    struct InstallablePageTests {
        @Test func everyPageHasAnIconAndTheGuardViewAManifestAPhoneCanInstall() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "installable") { browser in
                    try await GuardViewTests.openPhone(browser, hub)
                    #expect(await browser.waitUntil("return document.querySelector('.guard') !== null"))
                    let found =
                        try await browser.evaluateAsync(
                            """
                            const done = arguments[arguments.length - 1];
                            const load = (src) => new Promise((resolve) => {
                              const image = new Image(); image.onload = () => resolve(image.naturalWidth); image.onerror = () => resolve(0);
                              image.src = src;
                            });
                            (async () => {
                              const manifestURL = document.querySelector('link[rel=manifest]').href;
                              const manifest = await (await fetch(manifestURL)).json();
                              const icons = await Promise.all(manifest.icons.map(async (icon) => [icon.sizes, await load(new URL(icon.src,
                                manifestURL))]));
                              const favicon = await fetch('/favicon.ico');
                              done({ name: manifest.name, display: manifest.display, start: manifest.start_url, theme: manifest.theme_color,
                                metaTheme: document.querySelector('meta[name=theme-color]')?.content, icons: Object.fromEntries(icons),
                                linkedIcon: await load(document.querySelector('link[rel=icon][type="image/svg+xml"]').href),
                                favicon: favicon.status, faviconType: favicon.headers.get('content-type'), faviconWidth: await load('/favicon.ico')
                                  });
                            })().catch((error) => done(String(error)));
                            """) as? [String: Any]
                    let answer = try #require(found)
                    #expect(answer["name"] as? String == "Vigil" && answer["display"] as? String == "standalone" && answer["start"] as? String == "/")
                    #expect(
                        answer["theme"] as? String == answer["metaTheme"] as? String && answer["metaTheme"] as? String != nil,
                        "the page and its manifest share a theme colour")
                    let icons = answer["icons"] as? [String: Int] ?? [:]
                    #expect(icons["192x192"] == 192 && icons["512x512"] == 512, "a phone's home screen takes icons of 192 and 512 pixels: \(icons)")
                    #expect((answer["linkedIcon"] as? Int ?? 0) > 0, "the page's own icon draws")
                    #expect(
                        answer["favicon"] as? Int == 200 && (answer["faviconWidth"] as? Int ?? 0) == 32,
                        "browsers that ask for /favicon.ico get one: \(answer)")

                    // The flood report page links no icon of its own: the browser's request for /favicon.ico
                    // is answered, so it too loads without a failed request (the harness checks that).
                    try await browser.open("\(hub.httpsBase)/report/")
                    #expect(await browser.waitUntil("return document.readyState === 'complete'"))
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
        }

        @Test func theAlertSoundAsksToBeTurnedOnUntilSomeoneClicksAndStaysHiddenWhenMuted() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "sound") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    let shown =
                        "const b = document.querySelector('button.sound-on'); "
                        + "return b !== null && !b.hidden && b.offsetWidth > 0 && b.textContent === 'Turn on alert sound'"
                    let soundControls =
                        "return [...document.querySelectorAll('.toolbar button')].filter((b) => !b.hidden && b.offsetWidth > 0)"
                        + ".map((b) => b.textContent).filter((text) => text.includes('sound'))"
                    #expect(try await browser.evaluate(shown) as? Bool == true, "before any click the page says the tone cannot sound")
                    #expect(
                        try await browser.evaluate(soundControls) as? [String] == ["Turn on alert sound"],
                        "one sound control at a time: muting waits until sound is allowed")
                    try await browser.click("button.sound-on")
                    #expect(
                        await browser.waitUntil("return document.querySelector('button.sound-on').hidden"),
                        "a person's click allows the sound, and the switch goes")
                    #expect(try await browser.evaluate("return navigator.userActivation.hasBeenActive") as? Bool == true)
                    #expect(try await browser.evaluate(soundControls) as? [String] == ["Mute alert sound"], "then the mute switch is the one shown")
                    let pressed = "return document.querySelector('button.mute').getAttribute('aria-pressed')"
                    try await browser.click("button.mute")
                    #expect(try await browser.evaluate(pressed) as? String == "true")
                    #expect(try await browser.evaluate("return localStorage.getItem('vigil.muted')") as? String == "1", "muting is remembered")
                    try await browser.click("button.mute")
                    #expect(try await browser.evaluate("return localStorage.getItem('vigil.muted')") as? String == "0")

                    // On the guard's phone too (a new page is silent until clicked again); and a muted
                    // control room is not asked to turn on what it muted.
                    try await browser.open("about:blank")
                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("guard"))")
                    #expect(await browser.waitUntil("return document.querySelector('.guard button.sound-on') !== null"))
                    #expect(try await browser.evaluate(shown) as? Bool == true)
                    _ = try await browser.evaluate("localStorage.setItem('vigil.muted', '1'); return null")
                    try await browser.open("about:blank")
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    #expect(try await browser.evaluate("return document.querySelector('button.sound-on').hidden") as? Bool == true)
                    #expect(
                        try await browser.evaluate(soundControls) as? [String] == ["Mute alert sound"],
                        "muted before any click: the switch shows, to unmute")
                    #expect(try await browser.evaluate(pressed) as? String == "true")
                }
            }
        }

        @Test func theFieldsForIdsCheckWhatTheyAreGiven() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "id-fields") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "admin")
                    let checks =
                        try await browser.evaluate(
                            """
                            return ['#analytics input[name=zone]', '.admin-sites input[name=id]',
                              '.admin-tokens input[name=name]'].map((selector) => {
                              const field = document.querySelector(selector);
                              field.value = 'north gate!';
                              const refused = field.validity.patternMismatch;
                              field.value = 'north-gate_2.b';
                              return [selector, refused, field.validity.valid];
                            })
                            """) as? [[Any]] ?? []
                    #expect(checks.count == 3)
                    for check in checks {
                        #expect(
                            check[1] as? Bool == true && check[2] as? Bool == true,
                            "\(check[0]) refuses a name with spaces and takes one of letters, digits, . _ and -")
                    }
                }
            }
        }
    }
}
