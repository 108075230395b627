import VigilClient
import VigilCore

/// The site's sensors, on one device token: motion and forced doors, each raised with a snapshot
/// uploaded just before (`POST /api/thumbnails`), at the location named after the camera that saw
/// it. Motion where a visit is going on adds to the visit (`visit.motion`) instead of an alert.
struct DemoSensor: Sendable {
    private let site: String
    private let client: VigilClient
    private let http: HubHTTP

    init(_ member: DemoMember, site: String) throws {
        self.site = site
        client = VigilClient(configuration: member.configuration)
        http = try HubHTTP(configuration: member.configuration)
    }

    func connect() async throws {
        try await client.connect()
    }

    /// Raises `kind` at `camera`: its line, and the alert's id when it raised one.
    func raise(_ kind: String, at camera: Camera, message: String, scene: SnapshotScene) async throws -> (line: String, alert: String?) {
        let snapshot = try await http.uploadThumbnail(SnapshotPainter.png(scene, size: camera.frameSize))
        let raised = try await client.raiseAlert(
            site: site, kind: kind, message: message, location: camera.id, locationName: camera.title, thumbnails: [snapshot])
        switch raised {
        case .moreMotion(let motion):
            return ("more motion at \(camera.title) (visit \(motion.visit), snapshot \(snapshot.prefix(12)))", nil)
        case .alert(let alert):
            return ("\(kind) at \(camera.title) (alert \(alert.id))", alert.id)
        }
    }

    func leave() async {
        await client.close()
    }
}
