import Foundation
import Testing
import VigilCore

extension BrowserTests {
    /// What the control room and the guard's phone say, read as a person reads the screen: alerts,
    /// places and rounds by their names, never the hub's ids, and one wording for one thing.
    @Suite
    struct PlainWordsTests {
        static let topology: JSONValue = [
            "cameras": [
                [
                    "id": "open-office", "name": "Open-plan office", "floor": 0, "frameSize": ["width": 640, "height": 360],
                    "position": ["x": 0, "y": 0],
                    "neighbours": ["right": "stairwell"], "reminderNotice": "", "animationStyle": "",
                ],
                [
                    "id": "stairwell", "name": "Stairwell", "floor": 0, "frameSize": ["width": 640, "height": 360], "position": ["x": 640, "y": 0],
                    "neighbours": ["left": "open-office"], "reminderNotice": "", "animationStyle": "",
                ],
            ]
        ]

        /// The words on screen (what a person reads), as JavaScript.
        static let screenText = "document.body.innerText"

        @Test func alertsPlacesAndRoundsReadByNameInTheControlRoomAndOnThePhone() async throws {
            try await withHub { hub async throws in
                try BrowserPages.serve(hub)
                #expect(try await hub.api("PUT", "/api/sites/hq/cameras", as: "operator", body: Self.topology).status == 200)
                let operatorClient = hub.client("operator")
                _ = try await operatorClient.request(
                    .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Gate B", "every": "1m"]))
                try await withBrowser(hub, "words-room") { controlRoom in
                    try await DashboardTests.signIn(controlRoom, hub, as: "operator")
                    try await withBrowser(hub, "words-phone") { phone in
                        try await GuardViewTests.openPhone(phone, hub)
                        #expect(await phone.waitUntil("return document.querySelector('.guard-checkin li')?.textContent.includes('Gate B') === true"))

                        // A sensor's alert with the hub's own message, one with the demo's, and a round missed.
                        let office = try await DashboardTests.raise(hub, at: "open-office")
                        let stairs = try await hub.api(
                            "POST", "/api/alerts", as: "device",
                            body: ["site": "hq", "kind": "motion", "location": "stairwell", "message": "Motion at Stairwell"])
                        #expect(stairs.status == 200, "\(stairs.body)")
                        try await hub.advance(by: .seconds(61))
                        #expect(await controlRoom.waitUntil("return document.querySelectorAll('#alerts li.alert').length === 3"))
                        #expect(await controlRoom.waitUntil("return document.querySelector('#people .checkpoints li.missed') !== null"))

                        let room = try #require(try await controlRoom.evaluate("return \(Self.screenText)") as? String)
                        for raw in ["open-office", office.id, "al_", "vigil/"] {
                            #expect(!room.contains(raw), "the control room shows no \(raw)")
                        }
                        #expect(
                            try await controlRoom.evaluate("return \(DashboardTests.row(office.id)).querySelector('strong').textContent") as? String
                                == "Motion at Open-plan office",
                            "the hub's default message names the place")
                        #expect(room.contains("Open-plan office"), "the visit is listed by the place's name")
                        let stairsRow = try #require(
                            try await controlRoom.evaluate(
                                "return [...document.querySelectorAll('#alerts li.alert')]"
                                    + ".find((row) => row.textContent.includes('Stairwell')).innerText"
                            ) as? String)
                        #expect(stairsRow.lowercased().components(separatedBy: "motion at stairwell").count == 2, "said once: \(stairsRow)")
                        let missed = try #require(
                            try await controlRoom.evaluate(
                                "return [...document.querySelectorAll('#alerts li.alert')]"
                                    + ".find((row) => row.textContent.includes('Gate B')).innerText"
                            )
                                as? String)
                        #expect(missed.contains("raised automatically"), "the hub's own alert says so in words: \(missed)")

                        // The alert's own room is named as the queue names the alert.
                        _ = try await controlRoom.evaluate(
                            "\(DashboardTests.row(office.id)).querySelector('button[data-action=discuss]').click(); return null")
                        #expect(
                            await controlRoom.waitUntil(
                                "return document.querySelector('#chat .room h3')?.textContent.startsWith('Motion at Open-plan office') === true"))
                        #expect(
                            await controlRoom.waitUntil(
                                "return [...document.querySelectorAll('#chat .room-list li')]"
                                    + ".some((room) => room.textContent.includes('Motion at Open-plan office'))"
                            ))

                        // The missed round reads the same in the control room and on the phone.
                        let roomRound =
                            try await controlRoom.evaluate("return document.querySelector('#people .checkpoints li.missed .round').textContent")
                            as? String
                        #expect(
                            await phone.waitUntil(
                                "return document.querySelector('.guard-checkin li.missed .round')?.textContent === "
                                    + "\(JSONValue.string(roomRound ?? "").canonicalText)"
                            ),
                            "one wording for the round: \(roomRound ?? "")")
                        #expect(roomRound?.hasPrefix("Missed · next round due in") == true)

                        // Escalated, the alerts reach the phone, named as the control room names them.
                        try await hub.advance(by: .seconds(121))
                        #expect(await phone.waitUntil("return document.querySelectorAll('.guard-alerts li.alert').length >= 2"))
                        let onPhone = try #require(try await phone.evaluate("return \(Self.screenText)") as? String)
                        for raw in ["open-office", office.id, "al_", "vigil/"] {
                            #expect(!onPhone.contains(raw), "the phone shows no \(raw)")
                        }
                        #expect(onPhone.contains("Motion at Open-plan office"))
                    }
                }
                await operatorClient.close()
            }
        }
    }
}
