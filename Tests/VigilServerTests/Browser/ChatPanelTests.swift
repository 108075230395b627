import Foundation
import Testing
import VigilClient
import VigilCore

extension BrowserTests {
    /// The chat panel (`public/chat/`) in headless Chromium against a real hub: thumbnails dragged
    /// into the message box with the browser's own drag and drop, scribbles drawn with the mouse,
    /// pictures dropped from the desktop, and what reaches the other people in the room.
    @Suite
    struct ChatPanelTests {
        static let compose = "#chat .chat-compose textarea"

        /// The `li` of the newest message in the chat panel, as JavaScript.
        static let newest = "[...document.querySelectorAll('#chat .messages li.message')].at(-1)"

        static func waitForChat(_ browser: Chromium) async -> Bool {
            await browser.waitUntil("return document.querySelector('#chat[data-live]') !== null && document.querySelector('\(compose)') !== null")
        }

        @Test func aThumbnailDraggedFromAnAlertReachesASecondBrowserWithItsSourceLinkAndScribble() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "chat-drag-a") { first in
                    try await withBrowser(hub, "chat-drag-b") { second in
                        try await DashboardTests.signIn(first, hub, as: "operator")
                        try await DashboardTests.signIn(second, hub, as: "admin")
                        #expect(await Self.waitForChat(first))
                        #expect(await Self.waitForChat(second))
                        #expect(
                            await first.waitUntil("return document.querySelector('#chat .present').textContent === 'In the room: olga, root'"),
                            "presence in the room")
                        let (alertID, hash) = try await DashboardTests.raise(hub, at: "gate-b", kind: "door", severity: 3)
                        let snapshot = "li[data-alert=\"\(alertID)\"] img.snapshot"
                        #expect(await first.waitUntil("return document.querySelector('\(snapshot)')?.naturalWidth > 0"))

                        try await first.drag(snapshot, to: Self.compose)
                        #expect(
                            await first.waitUntil("return document.querySelector('#chat .tray img')?.dataset.thumbnail === '\(hash)'"),
                            "the dragged thumbnail is attached")
                        #expect(await first.waitUntil("return document.querySelector('#chat .tray img').naturalWidth > 0"))
                        try await first.stroke(on: "#chat .tray canvas", through: [(-20, -10), (-10, -5), (0, 0), (10, 5)])
                        _ = try await first.evaluate("document.querySelector('\(Self.compose)').focus(); return null")
                        try await first.press("I", "s", " ", "t", "h", "i", "s", " ", "h", "i", "m", "?", Chromium.Key.enter)

                        // The second browser shows the message with the picture, its scribble, and a way back to the alert.
                        #expect(
                            await second.waitUntil("return \(Self.newest)?.querySelector('.text')?.textContent === 'Is this him?'"),
                            "the message reaches the other browser")
                        #expect(try await second.evaluate("return \(Self.newest).querySelector('img').dataset.thumbnail") as? String == hash)
                        let link =
                            try await second.evaluate(
                                "const b = \(Self.newest).querySelector('button.source'); "
                                    + "return [b.dataset.sourceKind, b.dataset.sourceId, b.textContent]"
                            ) as? [String]
                        #expect(
                            link == ["alert", alertID, "Open the alert “Door at Gate b”"],
                            "the picture links to the alert it was dragged from, named as it reads")
                        #expect(
                            await second.waitUntil(
                                """
                                const canvas = \(Self.newest).querySelector('canvas.scribble');
                                const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                                for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) return true;
                                return false
                                """), "the scribble is drawn over the picture")
                        _ = try await second.evaluate("\(Self.newest).querySelector('button.source').click(); return null")
                        #expect(
                            await second.waitUntil("return document.activeElement?.dataset?.alert === '\(alertID)'"),
                            "a click brings the alert into view"
                        )

                        let stored = try await hub.client("admin").history(topic: "chat/hq/control").last?.data["message"]
                        let attachment = try #require(stored?["attachments"]?.arrayValue?.first)
                        #expect(attachment["source"]?["kind"] == "alert" && attachment["source"]?["id"]?.stringValue == alertID)
                        let points = attachment["scribble"]?["foreground"]?.arrayValue ?? []
                        #expect(points.count >= 3, "the stroke is kept as foreground points")
                        #expect(
                            points.allSatisfy { ($0.arrayValue?[0].numberValue ?? -1) >= 0 && ($0.arrayValue?[0].numberValue ?? 99) < 64 },
                            "in the picture's own pixels")
                    }
                }
            }
        }

        @Test func aPictureDroppedFromTheDesktopIsUploadedAndAttached() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                try await withBrowser(hub, "chat-desktop") { browser in
                    try await DashboardTests.signIn(browser, hub, as: "operator")
                    #expect(await Self.waitForChat(browser))
                    // Dropped on the room's name: anywhere on the open room attaches it to the message box.
                    try await browser.dropFiles([fixtureImage("snapshot.png").path], on: "#chat .room h3")
                    let shown = await browser.waitUntil("return document.querySelector('#chat .tray img')?.naturalWidth > 0")
                    let said = try await browser.evaluate("return document.getElementById('announcer').textContent") as? String ?? ""
                    let tray = try await browser.evaluate("return document.querySelector('#chat .tray').textContent") as? String ?? ""
                    #expect(shown, "uploaded and shown in the tray; the tray said “\(tray)”, the page “\(said)”")
                    _ = try await browser.evaluate("document.querySelector('#chat .chat-compose .send').click(); return null")
                    #expect(await browser.waitUntil("return \(Self.newest)?.querySelector('.source')?.textContent === 'uploaded'"))
                    let stored = try await hub.client("admin").history(topic: "chat/hq/control").last?.data["message"]
                    #expect(stored?["attachments"]?.arrayValue?.first?["source"] == ["kind": "upload"])
                    #expect(stored?["text"] == nil, "a picture alone is a message")
                }
            }
        }

        @Test func aGuardSeesUnreadMentionsAndUrgentMessagesUntilAcknowledged() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                let operatorClient = hub.client("operator")
                _ = try await operatorClient.chat("chat/hq", "create_room", ["name": "Loading dock"])
                try await withBrowser(hub, "chat-guard") { browser in
                    try await browser.resize(width: 400, height: 900)
                    try await browser.open("\(hub.httpsBase)/#token=\(hub.token("guard"))")
                    #expect(await Self.waitForChat(browser))
                    try await operatorClient.say(in: "chat/hq/loading-dock", text: "Truck due at 22:00")
                    try await operatorClient.say(in: "chat/hq/loading-dock", text: "@gus meet it please")
                    let roomLabel = "return document.querySelector('#chat .room-button[data-room=loading-dock]')?.getAttribute('aria-label')"
                    #expect(
                        await browser.waitUntil("\(roomLabel) === 'Loading dock, 2 unread, mentions you'"),
                        "unread and the mention show on the room")

                    let urgent = try await operatorClient.say(in: "chat/hq/control", text: "Fire alarm east wing, confirm", urgent: true)
                    let urgentID = urgent.id
                    #expect(
                        await browser.waitUntil("return document.querySelector('#chat .urgent-for-me li[data-message=\"\(urgentID)\"]') !== null"),
                        "urgent stands out")
                    _ = try await browser.evaluate("document.querySelector('#chat .urgent-for-me li button').click(); return null")
                    #expect(await browser.waitUntil("return document.querySelector('#chat .urgent-for-me li') === null"), "until acknowledged")
                    let acknowledged = try await operatorClient.history(topic: "chat/hq/control").last
                    #expect(acknowledged?.type == "message.acknowledged" && acknowledged?.from == "gus")

                    // Acknowledged on the guard's other device: the phone's banner goes too.
                    let second = try await operatorClient.say(in: "chat/hq/control", text: "Radio check", urgent: true)
                    let secondID = second.id
                    #expect(
                        await browser.waitUntil("return document.querySelector('#chat .urgent-for-me li[data-message=\"\(secondID)\"]') !== null"))
                    let otherDevice = hub.client("guard")
                    try await otherDevice.acknowledgeUrgent(secondID, in: "chat/hq/control")
                    #expect(await browser.waitUntil("return document.querySelector('#chat .urgent-for-me li') === null"), "settled on another device")
                    await otherDevice.close()

                    _ = try await browser.evaluate("document.querySelector('#chat .room-button[data-room=loading-dock]').click(); return null")
                    #expect(await browser.waitUntil("return \(Self.newest)?.classList.contains('mentions-me') === true"))
                    #expect(
                        await browser.waitUntil(
                            "return document.querySelector('#chat .room-button[data-room=loading-dock]').getAttribute('aria-label') === "
                                + "'Loading dock'"
                        ),
                        "reading the room clears its count")
                    // The page clears its count at once and stores the marker with a request of its own:
                    // another device sees it once that request has committed.
                    let stored = try await eventually(timeout: .seconds(10)) {
                        let device = hub.client("guard")
                        let unread = try await collect(1, from: try await device.subscribe("chat/hq/loading-dock"))[0].data["unread"]
                        await device.close()
                        return unread == 0
                    }
                    #expect(stored, "the read marker was stored for the guard's other devices")

                    // Typing shows in the other person's view and stops by itself.
                    _ = try await operatorClient.chat("typing/hq/loading-dock", "typing", [:])
                    #expect(await browser.waitUntil("return document.querySelector('#chat .typing').textContent === 'olga is typing…'"))
                    #expect(
                        await browser.waitUntil("return document.querySelector('#chat .typing').textContent === ''", timeout: .seconds(10)),
                        "it ends after five seconds")
                }
                await operatorClient.close()
            }
        }
    }
}
