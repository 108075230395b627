import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// `public/vigil.js` in a real headless Chromium against a real hub over TLS.
    @Suite
    struct VigilJSTests {
        private func publishNotice(_ hub: TestHub, _ text: String) async throws {
            let answer = try await hub.api(
                "POST", "/api/publish", as: "operator", body: ["topic": "notice/hq", "type": "notice", "data": ["text": .string(text)]])
            #expect(answer.status == 200, "\(answer.body)")
        }

        @Test func aPageSeesEveryEventOnceAcrossAHubRestartAndItsRequestsAreAnswered() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub, testPages: ["client-test.html", "client-test.js"])
                // While the hub is down the page's reconnection attempts are refused, as they must be.
                try await withBrowser(hub, "restart", expecting: [refusedWebSocket, resetWebSocket, refusedWhileStopping]) { browser in
                    try await browser.open("\(hub.httpsBase)/client-test.html#token=\(hub.token("operator"))")
                    #expect(await browser.waitUntil("return window.ready === true || window.failed !== undefined"))
                    #expect(try await browser.evaluate("return window.failed ?? null") is NSNull, "the page signed in")
                    #expect(try await browser.evaluate("return window.subscribed") as? Int == 1)

                    try await publishNotice(hub, "one")
                    try await publishNotice(hub, "two")
                    #expect(await browser.waitUntil("return window.seen.length === 2"))

                    // A request is a promise matched by its ref: answered, or refused with the hub's code.
                    _ = try await browser.evaluate(
                        """
                        connection.publish("notice/hq", "notice", {text: "from the page"}).then((ok) => window.published = ok.seq);
                        connection.publish("notice/depot", "notice", {text: "not my site"}).catch((error) => window.refused = error.code);
                        return null
                        """)
                    #expect(await browser.waitUntil("return window.published === 3 && window.refused === 'forbidden'"))

                    // The hub goes away under the page and comes back on the same port; what was
                    // published meanwhile reaches the page once, in order.
                    await hub.stop()
                    #expect(await browser.waitUntil("return window.states.includes('reconnecting')"))
                    try await hub.start()
                    try await publishNotice(hub, "four")
                    try await publishNotice(hub, "five")
                    #expect(await browser.waitUntil("return window.seen.length >= 5"))
                    try await Task.sleep(for: .milliseconds(300))
                    let seqs = try await browser.evaluate("return window.seen.map((event) => event.seq)") as? [Int]
                    #expect(seqs == [1, 2, 3, 4, 5], "every event once, in order")
                    let texts = try await browser.evaluate("return window.seen.map((event) => event.text)") as? [String]
                    #expect(texts == ["one", "two", "from the page", "four", "five"])
                    #expect(try await browser.evaluate("return connection.state") as? String == "open")
                    // A page that lists what a pattern matches lists it again: it hears when the hub took the subscription back.
                    #expect(try await browser.evaluate("return window.subscribed") as? Int == 2, "accepted again after the reconnect")
                }
            }
        }

        /// Given a node that is gone and the hub, in that order, as the nodes of one hub: the page goes
        /// on to the hub and signs in there; when the hub goes away and comes back, the page goes round
        /// the nodes again and resumes where it was, every event once, in order.
        @Test func aPageGivenSeveralNodesGoesToTheNextWhenOneIsGone() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub, testPages: ["client-test.html", "client-test.js"])
                try await withRefusingLoopbackPort { port in
                    let gone = "wss://localhost:\(port)/ws"
                    try await withBrowser(hub, "nodes", expecting: [refusedWebSocket, resetWebSocket, refusedWhileStopping]) { browser in
                        try await browser.open("\(hub.httpsBase)/client-test.html#token=\(hub.token("operator"))&url=\(gone),\(hub.url)")
                        #expect(await browser.waitUntil("return window.ready === true || window.failed !== undefined"))
                        #expect(try await browser.evaluate("return window.failed ?? null") is NSNull, "the page signed in on the second node")
                        let states = try await browser.evaluate("return window.states") as? [String] ?? []
                        #expect(states.first == "connecting" && states.contains("reconnecting") && states.last == "open", "\(states)")
                        #expect(try await browser.evaluate("return connection.url") as? String == hub.url)

                        try await publishNotice(hub, "one")
                        #expect(await browser.waitUntil("return window.seen.length === 1"))
                        await hub.stop()
                        #expect(await browser.waitUntil("return connection.state === 'reconnecting'"))
                        try await hub.start()
                        try await publishNotice(hub, "two")
                        #expect(await browser.waitUntil("return window.seen.length >= 2"))
                        try await Task.sleep(for: .milliseconds(300))
                        let texts = try await browser.evaluate("return window.seen.map((event) => `${event.seq} ${event.text}`)") as? [String]
                        #expect(texts == ["1 one", "2 two"], "every event once, in order")
                        #expect(try await browser.evaluate("return connection.url") as? String == hub.url)
                    }
                }
            }
        }

        @Test func aRefusedTokenEndsTheConnectionWithoutRetrying() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub, testPages: ["client-test.html", "client-test.js"])
                try await withBrowser(hub, "refused") { browser in
                    try await browser.open("\(hub.httpsBase)/client-test.html#token=\(hub.token("revoked"))")
                    #expect(await browser.waitUntil("return window.failed !== undefined"))
                    #expect(try await browser.evaluate("return window.failed.code") as? String == "unauthorized")
                    try await Task.sleep(for: .milliseconds(500))
                    let states = try await browser.evaluate("return window.states") as? [String]
                    #expect(states == ["connecting", "closed"], "no retry after the token is refused: \(states ?? [])")
                }
            }
        }
    }
}
