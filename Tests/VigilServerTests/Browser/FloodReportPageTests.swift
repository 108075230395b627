import Foundation
import Testing
import VigilClient
import VigilCore

extension BrowserTests {
    /// The public reporting page (`public/report/`) at phone width in headless Chromium, the position
    /// coming from the browser's geolocation as the test sets it.
    @Suite
    struct FloodReportPageTests {
        /// Takes the position from the browser, chooses a severity and words, and sends the report.
        static func report(_ browser: Chromium, severity: Int, description: String) async throws {
            #expect(await browser.waitUntil("return document.querySelector('#region option') !== null && !document.getElementById('report').hidden"))
            _ = try await browser.evaluate("document.getElementById('locate').click(); return null")
            #expect(
                await browser.waitUntil("return document.getElementById('position').textContent === 'Position 46.9, -96.8'"), "the browser's position"
            )
            _ = try await browser.evaluate(
                """
                document.querySelector('input[name=severity][value="\(severity)"]').click();
                document.getElementById('description').value = '\(description)';
                document.getElementById('email').value = 'rita@example.com';
                return null
                """)
        }

        /// Attaches the test's photo (served beside the page) and sends the report.
        static func attachPhotoAndSend(_ browser: Chromium) async throws {
            _ = try await browser.evaluateAsync(
                """
                const done = arguments[arguments.length - 1];
                fetch('/test-photo.jpg').then((answer) => answer.blob()).then((bytes) => {
                  const files = new DataTransfer();
                  files.items.add(new File([bytes], 'photo.jpg', { type: 'image/jpeg' }));
                  document.getElementById('photo').files = files.files;
                  document.getElementById('send').click();
                  done(null);
                });
                """)
        }

        /// Serves the pages, axe-core where it is installed, and the test's photo beside them.
        static func servePagesAndPhoto(_ hub: TestHub) throws {
            try BrowserPages.serve(hub)
            if Axe.isAvailable { try Axe.serve(hub) }
            try FileManager.default.copyItem(
                at: fixtureImage("snapshot.jpg"), to: URL(fileURLWithPath: hub.configuration.publicDirectory).appendingPathComponent("test-photo.jpg")
            )
        }

        @Test func aReporterSendsAPhotoFromTheirPhoneAndSeesItNearThemOnceApproved() async throws {
            try await withHub { hub async throws in
                try Self.servePagesAndPhoto(hub)
                let fixture = try await FloodFixture.make(hub)
                try await withBrowser(hub, "flood-report") { browser in
                    try await browser.resize(width: 390, height: 844)
                    try await browser.setGeolocation(latitude: 46.9, longitude: -96.8, for: hub.httpsBase)
                    try await browser.open("\(hub.httpsBase)/report/#token=\(fixture.reporterToken)")
                    #expect(await browser.waitUntil("return document.getElementById('who').textContent === 'Signed in as rita'"))
                    try await Self.report(browser, severity: 4, description: "Water over the road")
                    try await Self.attachPhotoAndSend(browser)
                    #expect(await browser.waitUntil("return document.getElementById('result').textContent.startsWith('Sent')"))
                    #expect(
                        try await browser.evaluate("return document.documentElement.scrollWidth <= document.documentElement.clientWidth") as? Bool
                            == true,
                        "nothing wider than the phone, its scroll bar aside")

                    let room = hub.client("operator")
                    let queue = try await collect(1, from: try await room.subscribe("flood/red-river/reports"))[0]
                    let marker = try #require(queue.data["pending"]?.arrayValue?.first)
                    #expect(marker["latitude"] == 46.9 && marker["longitude"] == -96.8 && marker["severity"] == 4 && marker["reporter"] == "rita")
                    #expect(marker["email"] == "rita@example.com" && marker["picture"]?.stringValue?.count == 64, "the photo went up with it")
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelectorAll('#nearby-list li').length === 0 && !document.getElementById('nearby').hidden"),
                        "nothing near yet: the report waits for a moderator")

                    _ = try await room.approveFloodMarkers(region: "red-river", .markers([try markerID(marker)]))
                    #expect(
                        await browser.waitUntil("return document.querySelector('#nearby-list li[data-marker=\"\(try markerID(marker))\"]') !== null"),
                        "approved, it shows near them live")
                    #expect(await browser.waitUntil("return document.querySelectorAll('#report-map path.flood-marker').length === 1"))
                    if Axe.isAvailable {
                        #expect(try await Axe.violations(in: browser) == [], "the reporting page")
                    }
                    await room.close()
                }
            }
        }

        /// Without a token the photo travels in the report, and the approved reports near the person
        /// come from the event's GeoJSON and its deltas, asked for again every few seconds.
        @Test func withoutATokenAReportWithItsPhotoGoesWhereTheRegionAllowsItAndShowsNearOnceApproved() async throws {
            try await withHub { hub async throws in
                try Self.servePagesAndPhoto(hub)
                _ = try await FloodFixture.make(hub, anonymous: true)
                let room = hub.client("operator")
                try await withBrowser(hub, "flood-report-anonymous") { browser in
                    try await browser.resize(width: 390, height: 844)
                    try await browser.setGeolocation(latitude: 46.9, longitude: -96.8, for: hub.httpsBase)
                    try await browser.open("\(hub.httpsBase)/report/")
                    _ = try await browser.evaluate("document.getElementById('anonymous').click(); return null")
                    try await Self.report(browser, severity: 2, description: "Puddles")
                    try await Self.attachPhotoAndSend(browser)
                    #expect(await browser.waitUntil("return document.getElementById('result').textContent.startsWith('Sent')"))
                    let queue = try await collect(1, from: try await room.subscribe("flood/red-river/reports"))[0]
                    let marker = try #require(queue.data["pending"]?.arrayValue?.first)
                    #expect(marker["reporter"] == "(anonymous)" && marker["picture"]?.stringValue?.count == 64, "the photo came with it: \(marker)")
                    #expect(
                        await browser.waitUntil(
                            "return !document.getElementById('nearby').hidden && document.querySelectorAll('#nearby-list li').length === 0"))

                    _ = try await room.approveFloodMarkers(region: "red-river", .markers([try markerID(marker)]))
                    #expect(
                        await browser.waitUntil("return document.querySelector('#nearby-list li[data-marker=\"\(try markerID(marker))\"]') !== null"),
                        "approved, it shows near them at the next asking")
                    _ = try await room.removeFloodMarkers(region: "red-river", [try markerID(marker)])
                    #expect(await browser.waitUntil("return document.querySelectorAll('#nearby-list li').length === 0"), "removed, it goes")
                }
                await room.close()
            }
        }

        @Test func aRegionTakingReportsOnlyWithATokenRefusesOneWithoutAndKeepsNoPhotoOfIt() async throws {
            try await withHub { hub async throws in
                _ = try await FloodFixture.make(hub, anonymous: true)
                let admin = hub.client("admin")
                _ = try await admin.createFloodRegion("souris", name: "Souris", timeZone: "America/Chicago")
                await admin.close()
                let photo = try Data(contentsOf: fixtureImage("snapshot.jpg")).base64EncodedString()
                func submit(_ region: String, _ body: String) async throws -> CurlResponse {
                    try await curl(
                        "\(hub.httpsBase)/api/flood/regions/\(region)/markers", caFile: hub.caFile, method: "POST",
                        headers: ["Content-Type": "application/json"],
                        body: body)
                }
                let refused = try await submit("souris", #"{"latitude":46.9,"longitude":-96.8,"severity":2,"photo":"\#(photo)"}"#)
                #expect(refused.status == 403 && json(refused.body)["code"] == "forbidden", "\(refused.body)")
                let notAnImage = try await submit(
                    "red-river", #"{"latitude":46.9,"longitude":-96.8,"severity":2,"photo":"\#(Data("not a photo".utf8).base64EncodedString())"}"#)
                #expect(notAnImage.status == 400 && json(notAnImage.body)["code"] == "invalid_image", "\(notAnImage.body)")
                let notBase64 = try await submit("red-river", #"{"latitude":46.9,"longitude":-96.8,"severity":2,"photo":7}"#)
                #expect(notBase64.status == 400 && json(notBase64.body)["code"] == "invalid_data", "\(notBase64.body)")
                let thumbnails = try await hub.databaseFile().read { try $0.fetchInteger("SELECT count(*) FROM thumbnails", []) }
                #expect(thumbnails == 0, "no photo of a refused report is kept")
            }
        }
    }
}
