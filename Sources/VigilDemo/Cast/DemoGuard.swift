import Foundation
import VigilClient
import VigilCore

/// A guard with a phone: online on the site's rounds, following the camera the control room puts
/// on the phone, swiping to its neighbours, checking in at the main gate, pressing the panic
/// button, answering in the chat and acknowledging urgent messages.
actor DemoGuard {
    let name: String
    private let site: String
    private let building: DemoBuilding
    private let client: VigilClient
    /// The camera on the phone, as the guard's own view topic last said.
    private(set) var showing: String?
    /// Urgent messages waiting for this guard's acknowledgement, oldest first: (room, message id).
    private var asked: [(room: String, message: String)] = []

    init(_ member: DemoMember, site: String, building: DemoBuilding) {
        name = member.name
        self.site = site
        self.building = building
        client = VigilClient(configuration: member.configuration)
    }

    func start() async throws {
        try await client.showPresence(on: "checkins/\(site)")
        let view = try await client.subscribe("cameras/\(site)/view/\(name)")
        Task { try? await self.follow(view) }
        let inbox = try await client.subscribe("inbox/\(site)/\(name)")
        Task { try? await self.read(inbox) }
    }

    /// The guard's inbox in the site: the urgent messages that ask for their acknowledgement.
    private func read(_ inbox: AsyncThrowingStream<Event, any Error>) async throws {
        for try await event in inbox {
            let messages = event.type == "state" ? event.data["urgent"]?.arrayValue ?? [] : event.data["message"].map { [$0] } ?? []
            for message in messages where message["urgent"]?["recipients"]?.arrayValue?.contains(where: { $0["name"]?.stringValue == name }) == true {
                guard let id = message["id"]?.stringValue, let room = message["room"]?.stringValue, !asked.contains(where: { $0.message == id })
                else { continue }
                asked.append(("chat/\(site)/\(room)", id))
            }
        }
    }

    func say(_ text: String) async throws -> String {
        try await client.say(in: "chat/\(site)/control", text: text)
        return "\(name) in the chat: \(text)"
    }

    func acknowledgeUrgent() async throws -> String {
        guard !asked.isEmpty else { return "\(name) has no urgent message to acknowledge" }
        let (room, message) = asked.removeFirst()
        try await client.acknowledgeUrgent(message, in: room)
        return "\(name) acknowledged the urgent message \(message)"
    }

    private func follow(_ view: AsyncThrowingStream<Event, any Error>) async throws {
        for try await event in view {
            switch event.type {
            case "state": showing = event.data["view"]?["camera"]?.stringValue
            case "camera.switched": showing = event.data["camera"]?.stringValue
            default: break
            }
        }
    }

    func swipe(_ direction: CameraDirection) async throws -> String {
        let camera = building.topology.camera(try await client.swipeCamera(site: site, direction).camera)
        return "\(name) swiped \(direction.rawValue) to \(camera?.title ?? "?")"
    }

    func checkIn(with code: String) async throws -> String {
        let recorded = try await client.checkIn(site: site, code: code)
        let next = DemoLog.timeOfDay(Date(timeIntervalSince1970: Double(recorded.nextDueAt) / 1000))
        return "\(name) checked in at \(recorded.name) (next round due by \(next))"
    }

    /// Raises a panic alert at `camera`: its line and the alert's id.
    func pressPanic(at camera: Camera) async throws -> (line: String, alert: String?) {
        let ok = try await client.request(
            .publish(
                topic: "alerts/\(site)", type: "raise",
                data: [
                    "kind": "panic", "location": .string(camera.id), "locationName": .string(camera.title),
                    "message": .string("Panic button pressed by \(name) at \(camera.title)"),
                ]))
        let alert = ok["data"]?["alert"]?["id"]?.stringValue
        return ("\(name) pressed the panic button at \(camera.title) (alert \(alert ?? "?"))", alert)
    }

    func leave() async {
        await client.close()
    }
}
