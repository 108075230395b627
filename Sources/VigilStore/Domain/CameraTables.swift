import GRDB

/// Who is looking at which camera: a guard's device or a wall of the control room.
public struct CameraView: Sendable, Equatable {
    public var viewer: String
    public var camera: String
    public var switchedBy: String
    public var switchedAt: Int64

    public init(viewer: String, camera: String, switchedBy: String, switchedAt: Int64) {
        self.viewer = viewer
        self.camera = camera
        self.switchedBy = switchedBy
        self.switchedAt = switchedAt
    }
}

extension DomainTransaction {
    /// The site's camera topology as imported (the clean model's JSON), nil before any import.
    public func cameraTopology(of site: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT cameras FROM camera_topologies WHERE site = ?", arguments: [site])
    }

    /// Replaces the site's topology.
    public func replaceCameraTopology(of site: String, json: String, by who: String, at time: Int64) throws {
        try db.execute(
            sql: """
                INSERT INTO camera_topologies (site, cameras, imported_by, imported_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (site) DO UPDATE SET cameras = excluded.cameras, imported_by = excluded.imported_by,
                    imported_at = excluded.imported_at
                """,
            arguments: [site, json, who, time])
    }

    public func cameraView(of viewer: String, site: String) throws -> CameraView? {
        try Row.fetchOne(
            db, sql: "SELECT viewer, camera, switched_by, switched_at FROM camera_views WHERE site = ? AND viewer = ?",
            arguments: [site, viewer]
        ).map { CameraView(viewer: $0[0], camera: $0[1], switchedBy: $0[2], switchedAt: $0[3]) }
    }

    public func cameraViews(of site: String) throws -> [CameraView] {
        try Row.fetchAll(
            db, sql: "SELECT viewer, camera, switched_by, switched_at FROM camera_views WHERE site = ? ORDER BY viewer",
            arguments: [site]
        ).map { CameraView(viewer: $0[0], camera: $0[1], switchedBy: $0[2], switchedAt: $0[3]) }
    }

    public func setCameraView(_ view: CameraView, site: String) throws {
        try db.execute(
            sql: """
                INSERT INTO camera_views (site, viewer, camera, switched_by, switched_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (site, viewer) DO UPDATE SET camera = excluded.camera, switched_by = excluded.switched_by,
                    switched_at = excluded.switched_at
                """,
            arguments: [site, view.viewer, view.camera, view.switchedBy, view.switchedAt])
    }
}
