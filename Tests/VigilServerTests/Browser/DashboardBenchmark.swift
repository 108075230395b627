import Foundation
import Testing
import VigilCore

/// How fast the dashboard shows what happens, measured in a real Chromium against a real hub: a
/// benchmark, run on demand (`VIGIL_BENCH_BROWSER=1 swift test --filter DashboardBenchmark`), that
/// prints its figures and asserts only that every alert was drawn. Figures are in Benchmarks/README.md.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: ProcessInfo.processInfo.environment["VIGIL_BENCH_BROWSER"] == "1", "a benchmark: set VIGIL_BENCH_BROWSER=1"))
struct DashboardBenchmark {
    /// From the page's own `fetch` of `POST /api/alerts` (with a device token) to the alert's row in
    /// the queue, in the page's clock: 200 alerts, one at a time, 50 ms apart.
    @Test func fromPostToDrawn() async throws {
        try await withHub { hub async throws in
            try BrowserPages.serve(hub)
            try await withBrowser(hub, "bench-drawn") { browser in
                try await BrowserTests.DashboardTests.signIn(browser, hub, as: "operator")
                let result =
                    try await browser.evaluateAsync(
                        """
                        const done = arguments[arguments.length - 1];
                        const list = document.querySelector('#alerts .alert-list');
                        const times = [];
                        (async () => {
                          for (let index = 0; index < 200; index++) {
                            const started = performance.now();
                            const drawn = new Promise((resolve) => {
                              const observer = new MutationObserver(() => {
                                if (list.querySelector(`li[data-alert]:not([data-seen])`)) {
                                  observer.disconnect();
                                  list.querySelectorAll('li[data-alert]').forEach((row) => row.dataset.seen = '1');
                                  resolve(performance.now());
                                }
                              });
                              observer.observe(list, { childList: true });
                            });
                            await fetch('/api/alerts', { method: 'POST',
                              headers: { Authorization: 'Bearer \(hub.token("device"))', 'Content-Type': 'application/json' },
                              body: JSON.stringify({ site: 'hq', kind: 'door', location: `door-${index}` }) });
                            times.push((await drawn) - started);
                            await new Promise((resolve) => setTimeout(resolve, 50));
                          }
                          times.sort((a, b) => a - b);
                          done({ count: times.length, p50: times[99], p99: times[197], max: times[199] });
                        })();
                        """) as? [String: Any]
                print("dashboard POST /api/alerts -> drawn over 200 alerts (ms):", result ?? [:])
                #expect(result?["count"] as? Int == 200)
            }
        }
    }

    /// The dashboard opened on a site with 2,000 open alerts: time to the full queue, the JavaScript
    /// heap, and how long acknowledging one takes to show.
    @Test func aQueueOfTwoThousand() async throws {
        // The 2,000 alerts are raised as fast as one connection may.
        try await withHub(tweak: { $0.messagesPerSecond = 10_000 }) { hub async throws in
            try BrowserPages.serve(hub)
            let device = hub.client("device")
            for index in 0..<2000 {
                _ = try await device.publish(topic: "alerts/hq", type: "raise", data: ["kind": "door", "location": .string("door-\(index % 400)")])
            }
            await device.close()
            try await withBrowser(hub, "bench-2000") { browser in
                try await browser.resize(width: 1920, height: 1080)
                try await BrowserTests.DashboardTests.signIn(browser, hub, as: "operator")
                #expect(await browser.waitUntil("return document.querySelectorAll('#alerts li.alert').length === 2000", timeout: .seconds(60)))
                // A fresh load, timed from navigation to the whole queue on screen.
                try await browser.open("\(hub.httpsBase)/")
                #expect(await browser.waitUntil("return document.querySelectorAll('#alerts li.alert').length === 2000", timeout: .seconds(60)))
                let load =
                    try await browser.evaluate(
                        """
                        const drawn = performance.getEntriesByName('vigil:queue-drawn').find((mark) => mark.detail.alerts === 2000);
                        return { queueDrawnMs: drawn.startTime,
                                 domContentLoadedMs: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
                                 heapMB: performance.memory.usedJSHeapSize / 1048576, nodes: document.getElementsByTagName('*').length }
                        """) as? [String: Any]
                let acknowledged = try await browser.evaluateAsync(
                    """
                    const done = arguments[arguments.length - 1];
                    const row = document.querySelector('#alerts li.alert');
                    const id = row.dataset.alert;
                    const started = performance.now();
                    row.querySelector('button[data-action=acknowledge]').click();
                    const check = () => document.querySelector(`li[data-alert="${id}"]`)?.textContent.includes('Acknowledged') ?
                      done(performance.now() - started) : requestAnimationFrame(check);
                    check();
                    """)
                print(
                    "dashboard with 2000 alerts: from navigation (ms), JavaScript heap (MB), DOM nodes:", load ?? [:],
                    "acknowledge -> shown (ms):", acknowledged ?? "-")
            }
        }
    }
}
