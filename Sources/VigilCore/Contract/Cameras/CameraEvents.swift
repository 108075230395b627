/// The camera domain's event types (docs/protocol.md §6.4), and the `data` each carries. The
/// cameras themselves are the topology's `Camera`s.
public enum CameraEventType: String, Sendable, CaseIterable, Codable {
    /// The site's cameras were replaced by an imported topology: `data` is `CameraTopologyImported`.
    case topology = "camera.topology"
    /// A viewer was switched to another camera (pushed or swiped): `data` is `CameraSwitched`.
    case switched = "camera.switched"
}

/// `camera.topology`: the site's wall as imported.
public struct CameraTopologyImported: Sendable, Equatable, Codable {
    /// The site's cameras, in the clean model, as they now are.
    public var cameras: [Camera]

    /// The data of an import of `cameras`.
    public init(cameras: [Camera]) { self.cameras = cameras }
}

/// `camera.switched`: a viewer (a guard's phone, a wall) now shows `camera`, pushed by `by` or
/// swiped to from `from` in `direction`.
public struct CameraSwitched: Sendable, Equatable, Codable {
    /// The viewer switched: a guard's token name or a wall's name such as `wall-1`.
    public var viewer: String
    /// The name of the token that pushed or swiped.
    public var by: String
    /// The id of the camera the viewer now shows.
    public var camera: String
    /// The floor of that camera.
    public var floor: Int
    /// The camera shown before; nil when the viewer showed none.
    public var from: String?
    /// The camera's stream address (`http://` or `https://`); nil when it has none.
    public var streamURL: String?
    /// A push to a camera that is not a neighbour of the one shown.
    public var jump: Bool?
    /// The way a swipe went (a floor up or down, a neighbour left or right); nil for a push.
    public var direction: CameraDirection?

    /// The data of a switch of `viewer` to `camera`; `jump` is set for a push, `direction` for a swipe.
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
    /// The viewer: a guard's token name or a wall's name.
    public var viewer: String
    /// The id of the camera it shows.
    public var camera: String
    /// The name of the token that put the camera there.
    public var by: String
    /// When, in milliseconds since 1970.
    public var at: Int64

    /// What `viewer` shows: `camera`, put there by `by` at `at`.
    public init(viewer: String, camera: String, by: String, at: Int64) {
        self.viewer = viewer
        self.camera = camera
        self.by = by
        self.at = at
    }
}

/// What a subscriber of `cameras/{site}` gets first: the wall and what every viewer shows.
public struct CameraWallState: Sendable, Equatable, Codable {
    /// The site's cameras, in the clean model.
    public var cameras: [Camera]
    /// What each viewer shows, one view per viewer that has been switched.
    public var views: [CameraView]

    /// The first data of a subscription to `cameras/{site}`.
    public init(cameras: [Camera], views: [CameraView]) {
        self.cameras = cameras
        self.views = views
    }
}

/// What a subscriber of `cameras/{site}/view/{viewer}` gets first: what that viewer shows, if anything.
public struct CameraViewState: Sendable, Equatable, Codable {
    /// The viewer of the topic `cameras/{site}/view/{viewer}`.
    public var viewer: String
    /// What it shows; nil when it has never been switched.
    public var view: CameraView?

    /// The first data of a subscription to `cameras/{site}/view/{viewer}`.
    public init(viewer: String, view: CameraView?) {
        self.viewer = viewer
        self.view = view
    }
}
