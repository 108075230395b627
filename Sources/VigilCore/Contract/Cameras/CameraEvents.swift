/// The camera domain's event types (docs/protocol.md §6.4), and the `data` each carries. The
/// cameras themselves are the topology's `Camera`s.
public enum CameraEventType: String, Sendable, CaseIterable, Codable {
    case topology = "camera.topology"
    case switched = "camera.switched"
}

/// `camera.topology`: the site's wall as imported.
public struct CameraTopologyImported: Sendable, Equatable, Codable {
    public var cameras: [Camera]

    public init(cameras: [Camera]) { self.cameras = cameras }
}

/// `camera.switched`: a viewer (a guard's phone, a wall) now shows `camera`, pushed by `by` or
/// swiped to from `from` in `direction`.
public struct CameraSwitched: Sendable, Equatable, Codable {
    public var viewer: String
    public var by: String
    public var camera: String
    public var floor: Int
    public var from: String?
    public var streamURL: String?
    /// A push to a camera that is not a neighbour of the one shown.
    public var jump: Bool?
    public var direction: CameraDirection?

    public init(
        viewer: String, by: String, camera: String, floor: Int, from: String? = nil, streamURL: String? = nil, jump: Bool? = nil,
        direction: CameraDirection? = nil
    ) {
        self.viewer = viewer
        self.by = by
        self.camera = camera
        self.floor = floor
        self.from = from
        self.streamURL = streamURL
        self.jump = jump
        self.direction = direction
    }
}

/// What a viewer shows, and who put it there when.
public struct CameraView: Sendable, Equatable, Codable {
    public var viewer: String
    public var camera: String
    public var by: String
    public var at: Int64

    public init(viewer: String, camera: String, by: String, at: Int64) {
        self.viewer = viewer
        self.camera = camera
        self.by = by
        self.at = at
    }
}

/// What a subscriber of `cameras/{site}` gets first: the wall and what every viewer shows.
public struct CameraWallState: Sendable, Equatable, Codable {
    public var cameras: [Camera]
    public var views: [CameraView]

    public init(cameras: [Camera], views: [CameraView]) {
        self.cameras = cameras
        self.views = views
    }
}

/// What a subscriber of `cameras/{site}/view/{viewer}` gets first: what that viewer shows, if anything.
public struct CameraViewState: Sendable, Equatable, Codable {
    public var viewer: String
    public var view: CameraView?

    public init(viewer: String, view: CameraView?) {
        self.viewer = viewer
        self.view = view
    }
}
