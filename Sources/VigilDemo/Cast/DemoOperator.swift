import Foundation
import VigilClient
import VigilCore

/// The operator on duty in the control room: keeps the queue of open alerts from `alerts/{site}`,
/// acknowledges and resolves them, puts cameras on the guards' phones, posts notices, and asks the
/// guards about snapshots in the control room's chat.
actor DemoOperator {
    let name: String
    private let site: String
    private let building: DemoBuilding
    private let client: VigilClient
    /// Open alerts, oldest first.
    private(set) var queue: [DemoAlert] = []
    /// Every alert this operator has heard of, resolved ones included.
    private var heard: Set<String> = []

    init(_ member: DemoMember, site: String, building: DemoBuilding) {
        name = member.name
        self.site = site
        self.building = building
        client = VigilClient(configuration: member.configuration)
    }

    func start() async throws {
        try await client.showPresence(on: "checkins/\(site)")
        let alerts = try await client.subscribe("alerts/\(site)")
        Task { try? await self.follow(alerts) }
    }

    private func follow(_ alerts: AsyncThrowingStream<Event, any Error>) async throws {
        for try await event in alerts {
            if event.type == "state" {
                queue = try event.data.decode(AlertsState.self).alerts.map(DemoAlert.init)
                heard.formUnion(queue.map(\.id))
                continue
            }
            switch AlertEventType(rawValue: event.type) {
            case .raised?:
                let alert = DemoAlert(try event.data.decode(AlertChanged.self).alert)
                queue.append(alert)
                heard.insert(alert.id)
            case .escalated?:
                update(try event.data.decode(AlertChanged.self).alert.id) { $0.escalated = true }
            case .acknowledged?:
                let decided = try event.data.decode(AlertDecided.self)
                update(decided.alert) { $0.acknowledgedBy = decided.by }
            case .resolved?:
                let decided = try event.data.decode(AlertDecided.self)
                queue.removeAll { $0.id == decided.alert }
            default:
                break
            }
        }
    }

    /// Whether every alert of `ids` has reached this operator.
    func hasHeard(of ids: [String]) -> Bool {
        ids.allSatisfy(heard.contains)
    }

    private func update(_ id: String, _ change: (inout DemoAlert) -> Void) {
        guard let index = queue.firstIndex(where: { $0.id == id }) else { return }
        change(&queue[index])
    }

    func acknowledge(_ alert: DemoAlert) async throws -> String {
        try await client.acknowledgeAlert(alert.id, site: site)
        return "\(name) acknowledged \(alert.id) (\(alert.message))"
    }

    func resolve(_ alert: DemoAlert, note: String) async throws -> String {
        try await client.resolveAlert(alert.id, site: site, note: note)
        return "\(name) resolved \(alert.id) (\(alert.message)): \(note)"
    }

    func push(_ camera: Camera, to viewer: String, jump: Bool) async throws -> String {
        let switched = try await client.switchCamera(site: site, viewer: viewer, to: camera.id, jump: jump)
        let before = switched.from.flatMap(building.topology.camera)
        return "\(name) put \(camera.title) on \(viewer)'s phone" + (jump ? " (a jump from \(before?.title ?? "another camera"))" : "")
    }

    func post(_ text: String, level: String) async throws -> String {
        _ = try await client.request(.publish(topic: "notice/\(site)", type: "notice", data: ["text": .string(text), "level": .string(level)]))
        return "notice (\(level)): \(text)"
    }

    /// Drags the alert's snapshot into the control room's chat, circles the middle of the picture
    /// and asks the guard by name.
    func ask(about alert: DemoAlert, _ guardName: String) async throws -> String {
        guard let snapshot = alert.snapshot, let camera = alert.location.flatMap(building.topology.camera) else {
            throw ClientError.unexpectedAnswer("alert \(alert.id) has no snapshot to ask about")
        }
        let size = camera.frameSize
        let ring = (0..<24).map { step in
            let angle = Double(step) / 24 * 2 * Double.pi
            return PixelPoint(
                x: size.width / 2 + Int(Double(size.width) / 8 * cos(angle)), y: size.height / 2 + Int(Double(size.height) / 5 * sin(angle)))
        }
        let text = DemoWords.question(to: guardName, at: camera.title)
        try await client.say(
            in: "chat/\(site)/control", text: text,
            attachments: [ChatAttachment(thumbnail: snapshot, source: .alert(alert.id), foreground: ring)])
        return "\(name) in the chat: \(text) (with the snapshot of \(alert.id), circled)"
    }

    func urgent(_ text: String) async throws -> String {
        try await client.say(in: "chat/\(site)/control", text: text, urgent: true)
        return "\(name) in the chat, urgent: \(text)"
    }

    func leave() async {
        await client.close()
    }
}

extension DemoAlert {
    init(_ alert: Alert) {
        self.init(
            id: alert.id, kind: alert.kind, message: alert.message, acknowledgedBy: alert.acknowledgedBy, escalated: alert.escalatedAt != nil,
            location: alert.location, snapshot: alert.thumbnails.first)
    }
}
