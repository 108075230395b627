import Foundation
import VigilClient
import VigilCore

/// A guard with a phone: online on the site's rounds, following the camera the control room puts
/// on the phone, swiping to its neighbours, checking in at the main gate, and pressing the panic
/// button.
actor DemoGuard {
    let name: String
    private let site: String
    private let building: DemoBuilding
    private let client: VigilClient
    /// The camera on the phone, as the guard's own view topic last said.
    private(set) var showing: String?

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
        let ok = try await client.request(.publish(topic: "cameras/\(site)", type: "swipe", data: ["direction": .string(direction.rawValue)]))
        let camera = ok["data"]?["camera"]?.stringValue.flatMap(building.topology.camera)
        return "\(name) swiped \(direction.rawValue) to \(camera?.title ?? "?")"
    }

    func checkIn(with code: String) async throws -> String {
        let ok = try await client.request(.publish(topic: "checkins/\(site)", type: "check_in", data: ["code": .string(code)]))
        let place = ok["data"]?["name"]?.stringValue ?? "?"
        let next = ok["data"]?["nextDueAt"]?.numberValue.map { DemoLog.timeOfDay(Date(timeIntervalSince1970: $0 / 1000)) } ?? "?"
        return "\(name) checked in at \(place) (next round due by \(next))"
    }

    func pressPanic(at camera: Camera) async throws -> String {
        let ok = try await client.request(.publish(topic: "alerts/\(site)", type: "raise", data: [
            "kind": "panic", "location": .string(camera.id), "locationName": .string(camera.title),
            "message": .string("Panic button pressed by \(name) at \(camera.title)"),
        ]))
        return "\(name) pressed the panic button at \(camera.title) (alert \(ok["data"]?["alert"]?["id"]?.stringValue ?? "?"))"
    }

    func leave() async {
        await client.close()
    }
}
