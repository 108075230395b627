import VigilCore
import VigilHub
import VigilStore

/// Reads of the camera domain: the wall and its views as `cameras/{site}` subscribers (and
/// `GET /api/sites/{site}/cameras`) get them, or one viewer's current camera.
struct CameraQueries: Sendable {
    let store: any EventStore

    func snapshot(of topic: Topic) async throws -> TopicSnapshot {
        let site = topic.scope
        let viewer = topic.segments.count == 4 ? topic.segments[3] : nil
        return try await store.read { transaction in
            let head = try transaction.head(of: topic.rawValue)
            if let viewer {
                let state = CameraViewState(viewer: viewer, view: try CameraTables(transaction).cameraView(of: viewer, site: site)?.wire)
                return TopicSnapshot(head: head, data: JSONValue.fields(of: state))
            }
            // The wall as imported, already in its wire form.
            let cameras = try CameraTables(transaction).cameraTopology(of: site).flatMap { try? JSONValue(parsing: $0) }
            return TopicSnapshot(
                head: head,
                data: [
                    "cameras": cameras ?? .array([]),
                    "views": try JSONValue(encoding: try CameraTables(transaction).cameraViews(of: site).map(\.wire)),
                ])
        }
    }
}
