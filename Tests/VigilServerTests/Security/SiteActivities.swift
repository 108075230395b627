import Foundation
import Testing
import VigilClient
import VigilCore

/// The tokens of site hq that make activity there, each of a role, as `TestHub` seeds them.
struct HQPeople: Sendable {
    let hub: TestHub
    let admin: VigilClient
    let room: VigilClient
    let patrol: VigilClient
    let sensor: VigilClient

    init(_ hub: TestHub) {
        self.hub = hub
        admin = hub.client("admin")
        room = hub.client("operator")
        patrol = hub.client("guard")
        sensor = hub.client("device")
    }

    var all: [VigilClient] { [admin, room, patrol, sensor] }

    func publish(_ client: VigilClient, _ topic: String, _ type: String, _ data: JSONValue) async throws {
        _ = try await client.request(.publish(topic: topic, type: type, data: data))
    }
}

/// What a topic kind does on site hq when its own commands are used, for `SiteIsolationTests`.
/// Every registered kind has an entry: a kind added later fails that test until it gets one.
enum SiteActivity: Sendable {
    /// The kind's topics belong to a site. `make` uses the kind's commands on hq, after which each
    /// of `topics` (exact topics of hq) has an event; `queries` are the (topic, type) it answers.
    case site(topics: [String], queries: [(String, String)] = [], make: @Sendable (HQPeople) async throws -> Void)
    /// The kind's topics belong to no site (its service's `site(of:)` says nil), for `reason`.
    case noSite(reason: String)
    /// The kind's topics belong to a site but nobody reads them, for `reason`: every token, of
    /// that site or another, is refused.
    case readByNobody(reason: String)

    /// Text only hq's people may ever read; no answer to a token of another site may hold it.
    static let secret = "hq-only-7f3a"

    /// In this order: cameras before the analytics that need their topology.
    static let byKind: [(kind: String, activity: SiteActivity)] = [
        ("push", .readByNobody(reason: "a phone's registration is its owner's alone (docs/protocol.md §6.10)")),
        (
            "notice",
            .site(topics: ["notice/hq"]) { hq in
                try await hq.publish(hq.room, "notice/hq", "notice", notice("\(SiteActivity.secret) notice"))
            }
        ),
        (
            "alerts",
            .site(topics: ["alerts/hq", "alerts/hq/escalated"]) { hq in
                try await hq.hub.setTimings(of: "hq", escalateAfterMs: 1_000)
                try await hq.publish(
                    hq.sensor, "alerts/hq", "raise", ["kind": "motion", "location": "yard", "message": .string("\(SiteActivity.secret) alert")])
                try await hq.hub.advance(by: .seconds(1))
            }
        ),
        (
            "cameras",
            .site(topics: ["cameras/hq", "cameras/hq/view/gus"]) { hq in
                let put = try await hq.hub.api("PUT", "/api/sites/hq/cameras", as: "admin", body: analyticsTopology)
                #expect(put.status == 200, "\(put.body)")
                try await hq.publish(hq.room, "cameras/hq", "switch", ["viewer": "gus", "camera": "dock", "jump": true])
            }
        ),
        (
            "checkins",
            .site(topics: ["checkins/hq"]) { hq in
                try await hq.publish(hq.admin, "checkins/hq", "create_checkpoint", ["name": .string("\(SiteActivity.secret) gate"), "every": "30m"])
            }
        ),
        (
            "chat",
            .site(topics: ["chat/hq", "chat/hq/control"], queries: [("chat/hq", "search"), ("chat/hq/control", "messages")]) { hq in
                try await hq.publish(hq.room, "chat/hq", "create_room", ["name": .string("\(SiteActivity.secret) room"), "room": "ops"])
                try await hq.publish(
                    hq.room, "chat/hq/control", "say", ["text": .string("\(SiteActivity.secret) fire door, confirm"), "urgent": true])
            }
        ),
        (
            "inbox",
            .site(topics: ["inbox/hq/gus"]) { hq in
                try await hq.publish(hq.room, "chat/hq/control", "say", ["text": .string("@gus \(SiteActivity.secret) gate code")])
            }
        ),
        (
            "typing",
            .site(topics: ["typing/hq/control"]) { hq in
                try await hq.publish(hq.patrol, "typing/hq/control", "typing", [:])
            }
        ),
        ("flood", .noSite(reason: "a flood region is a public place that every role follows, not a site")),
        (
            "zones",
            .site(topics: ["zones/hq/gate"], queries: [("zones/hq", "zones")]) { hq in
                try await hq.publish(
                    hq.room, "zones/hq/gate", "define",
                    [
                        "camera": "lobby", "regions": [["rect": ["x": 100, "y": 100, "width": 200, "height": 200]]], "rule": ["intensity": 0.5],
                    ])
            }
        ),
        (
            "detections",
            .site(
                topics: ["detections/hq/lobby"], queries: [("detections/hq", "roi"), ("detections/hq", "timeline"), ("detections/hq", "similar")]
            ) { hq in
                let batch = try batchJSON(camera: "lobby", frame: (640, 480), [detection(at: 100, Rect(x: 150, y: 150, width: 40, height: 110))])
                try await hq.publish(hq.sensor, "detections/hq/lobby", "batch", batch)
            }
        ),
    ]
}
