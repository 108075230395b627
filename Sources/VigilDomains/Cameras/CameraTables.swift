import Foundation
import VigilCore
import VigilStore

/// Who is looking at which camera: a guard's device or a wall of the control room.
struct CameraViewRecord: Sendable, Equatable, Decodable {
    var viewer: String
    var camera: String
    var switchedBy: String
    var switchedAt: Int64
}

/// The camera domain's tables (topologies and who views which camera), read and written in the
/// transaction it is given: the one place their SQL is written.
struct CameraTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    /// The site's camera topology as imported (the clean model's JSON), nil before any import.
    func cameraTopology(of site: String) throws -> String? {
        try transaction.fetchText("SELECT cameras FROM camera_topologies WHERE site = ?", [site])
    }

    /// Replaces the site's topology.
    func replaceCameraTopology(of site: String, json: String, by who: String, at time: Int64) throws {
        try transaction.execute(
            """
            INSERT INTO camera_topologies (site, cameras, imported_by, imported_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (site) DO UPDATE SET cameras = excluded.cameras, imported_by = excluded.imported_by,
                imported_at = excluded.imported_at
            """,
            [site, json, who, time])
    }

    func cameraView(of viewer: String, site: String) throws -> CameraViewRecord? {
        try transaction.fetchOne(
            CameraViewRecord.self, "SELECT viewer, camera, switched_by, switched_at FROM camera_views WHERE site = ? AND viewer = ?", [site, viewer])
    }

    func cameraViewCount(of site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT count(*) FROM camera_views WHERE site = ?", [site]) ?? 0
    }

    func cameraViews(of site: String) throws -> [CameraViewRecord] {
        try transaction.fetchAll(
            CameraViewRecord.self, "SELECT viewer, camera, switched_by, switched_at FROM camera_views WHERE site = ? ORDER BY viewer", [site])
    }

    func setCameraView(_ view: CameraViewRecord, site: String) throws {
        try transaction.execute(
            """
            INSERT INTO camera_views (site, viewer, camera, switched_by, switched_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (site, viewer) DO UPDATE SET camera = excluded.camera, switched_by = excluded.switched_by,
                switched_at = excluded.switched_at
            """,
            [site, view.viewer, view.camera, view.switchedBy, view.switchedAt])
    }
}
