import Foundation
import Testing
import VigilClient
import VigilCore

/// The public reporting page (`public/report/`) at phone width in headless Chromium, the position
/// coming from the browser's geolocation as the test sets it.
@Suite(.timeLimit(.minutes(3)), .enabled(if: Chromium.isAvailable, "needs chromium and chromium-driver from Debian"))
struct FloodReportPageTests {
    /// Takes the position from the browser, chooses a severity and words, and sends the report.
    private static func report(_ browser: Chromium, severity: Int, description: String) async throws {
        #expect(await browser.waitUntil("return document.querySelector('#region option') !== null && !document.getElementById('report').hidden"))
        _ = try await browser.evaluate("document.getElementById('locate').click(); return null")
        #expect(await browser.waitUntil("return document.getElementById('position').textContent === 'Position 46.9, -96.8'"), "the browser's position")
        _ = try await browser.evaluate("""
            document.querySelector('input[name=severity][value="\(severity)"]').click();
            document.getElementById('description').value = '\(description)';
            document.getElementById('email').value = 'rita@example.com';
            return null
            """)
    }

    @Test func aReporterSendsAPhotoFromTheirPhoneAndSeesItNearThemOnceApproved() async throws {
        try await withHub { hub async throws in
            try BrowserPages.serve(hub)
            if Axe.isAvailable { try Axe.serve(hub) }
            try FileManager.default.copyItem(at: fixtureImage("snapshot.jpg"), to: URL(fileURLWithPath: hub.configuration.publicDirectory).appendingPathComponent("test-photo.jpg"))
            let fixture = try await FloodFixture.make(hub)
            try await withBrowser(hub, "flood-report") { browser in
                try await browser.resize(width: 390, height: 844)
                try await browser.setGeolocation(latitude: 46.9, longitude: -96.8, for: hub.httpsBase)
                try await browser.open("\(hub.httpsBase)/report/#token=\(fixture.reporterToken)")
                #expect(await browser.waitUntil("return document.getElementById('who').textContent === 'Signed in as rita'"))
                try await Self.report(browser, severity: 4, description: "Water over the road")
                _ = try await browser.evaluateAsync("""
                    const done = arguments[arguments.length - 1];
                    fetch('/test-photo.jpg').then((answer) => answer.blob()).then((bytes) => {
                      const files = new DataTransfer();
                      files.items.add(new File([bytes], 'photo.jpg', { type: 'image/jpeg' }));
                      document.getElementById('photo').files = files.files;
                      document.getElementById('send').click();
                      done(null);
                    });
                    """)
                #expect(await browser.waitUntil("return document.getElementById('result').textContent.startsWith('Sent')"))
                #expect(try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth") as? Bool == true, "nothing wider than the phone")

                let room = hub.client("operator")
                let queue = try await collect(1, from: try await room.subscribe("flood/red-river/reports"))[0]
                let marker = try #require(queue.data["pending"]?.arrayValue?.first)
                #expect(marker["latitude"] == 46.9 && marker["longitude"] == -96.8 && marker["severity"] == 4 && marker["reporter"] == "rita")
                #expect(marker["email"] == "rita@example.com" && marker["picture"]?.stringValue?.count == 64, "the photo went up with it")
                #expect(await browser.waitUntil("return document.querySelectorAll('#nearby-list li').length === 0 && !document.getElementById('nearby').hidden"),
                    "nothing near yet: the report waits for a moderator")

                _ = try await room.approveFloodMarkers(region: "red-river", .markers([try markerID(marker)]))
                #expect(await browser.waitUntil("return document.querySelector('#nearby-list li[data-marker=\"\(try markerID(marker))\"]') !== null"), "approved, it shows near them live")
                #expect(await browser.waitUntil("return document.querySelectorAll('#report-map path.flood-marker').length === 1"))
                if Axe.isAvailable {
                    #expect(try await Axe.violations(in: browser) == [], "the reporting page")
                }
                await room.close()
            }
        }
    }

    @Test func withoutATokenAReportGoesWhereTheRegionAllowsIt() async throws {
        try await withHub { hub async throws in
            try BrowserPages.serve(hub)
            _ = try await FloodFixture.make(hub, anonymous: true)
            try await withBrowser(hub, "flood-report-anonymous") { browser in
                try await browser.resize(width: 390, height: 844)
                try await browser.setGeolocation(latitude: 46.9, longitude: -96.8, for: hub.httpsBase)
                try await browser.open("\(hub.httpsBase)/report/")
                _ = try await browser.evaluate("document.getElementById('anonymous').click(); return null")
                try await Self.report(browser, severity: 2, description: "Puddles")
                #expect(try await browser.evaluate("return document.getElementById('photo').disabled") as? Bool == true, "photos need a token")
                _ = try await browser.evaluate("document.getElementById('send').click(); return null")
                #expect(await browser.waitUntil("return document.getElementById('result').textContent.startsWith('Sent')"))
                let room = hub.client("operator")
                let queue = try await collect(1, from: try await room.subscribe("flood/red-river/reports"))[0]
                #expect(queue.data["pending"]?.arrayValue?.map { $0["reporter"] } == ["(anonymous)"])
                await room.close()
            }
            // A region that takes reports only with a token says so.
            let admin = hub.client("admin")
            _ = try await admin.createFloodRegion("souris", name: "Souris", timeZone: "America/Chicago")
            await admin.close()
            let refused = try await curl(
                "\(hub.httpsBase)/api/flood/regions/souris/markers", caFile: hub.caFile, method: "POST", headers: ["Content-Type": "application/json"],
                body: #"{"latitude":46.9,"longitude":-96.8,"severity":2}"#)
            #expect(refused.status == 403 && json(refused.body)["code"] == "forbidden", "\(refused.body)")
        }
    }
}
