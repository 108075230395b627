import Foundation
import VigilCore
import VigilHub
import VigilStore

/// Replaces the site's camera topology.
struct ImportTopology: DomainEffect {
    let site: String
    let camerasJSON: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        try CameraTables(transaction).replaceCameraTopology(of: site, json: camerasJSON, by: event.from, at: event.ts)
        return []
    }
}

/// Moves a viewer to a camera, deciding against the topology and the viewer's current camera as
/// they are in the commit. The event also goes to the viewer's own topic, for those following it.
/// A new viewer is counted inside the commit against `CameraService.maxViewersPerSite`.
struct SwitchCamera: DomainEffect {
    enum Move: Sendable {
        case to(String, jump: Bool)
        case swipe(CameraDirection)
    }

    let site: String
    let viewer: String
    let move: Move
    /// Told of a camera sent (`to`), not of a swipe.
    let feed: CameraFeed

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let topology = try transaction.decodedCameraTopology(of: site) else {
            throw ProtocolError(.notFound, "site \(site) has no camera topology; import one first")
        }
        let current = try CameraTables(transaction).cameraView(of: viewer, site: site)?.camera
        if current == nil, try CameraTables(transaction).cameraViewCount(of: site) >= CameraService.maxViewersPerSite {
            throw ProtocolError(.limitReached, "site \(site) has \(CameraService.maxViewersPerSite) viewers, the most a site keeps")
        }
        let target: Camera
        var jumped: Bool?
        var swiped: CameraDirection?
        switch move {
        case .to(let id, let jump):
            guard let camera = topology.camera(id) else {
                throw ProtocolError(.notFound, "site \(site) has no camera \(id)")
            }
            if let current, current != id, !jump, !topology.isNeighbour(id, of: current) {
                throw ProtocolError(.notANeighbour, "camera \(id) is not a neighbour of camera \(current); send jump: true to jump there")
            }
            jumped = jump
            target = camera
        case .swipe(let direction):
            guard let current else {
                throw ProtocolError(.noNeighbour, "\(viewer) shows no camera yet; switch to one first")
            }
            guard let camera = topology.neighbour(of: current, direction) else {
                throw ProtocolError(.noNeighbour, "camera \(current) has no neighbour \(direction.rawValue)")
            }
            swiped = direction
            target = camera
        }
        try CameraTables(transaction).setCameraView(
            CameraViewRecord(viewer: viewer, camera: target.id, switchedBy: event.from, switchedAt: event.ts), site: site)
        event.payload = try JSONValue.canonicalText(
            of: CameraSwitched(
                viewer: viewer, by: event.from, camera: target.id, floor: target.floor, from: current, streamURL: target.streamURL, jump: jumped,
                direction: swiped))
        if case .to = move {
            for watcher in feed.all { try watcher.sent(target, site: site, to: viewer, at: event.ts, in: transaction) }
        }
        return [CameraService.viewTopic(of: viewer, site: site)]
    }
}
