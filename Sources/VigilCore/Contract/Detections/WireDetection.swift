/// A stored detection as the hub tells it: in query results, zones' news and the live overlay.
public struct WireDetection: Sendable, Equatable, Codable {
    /// The number the hub gave the detection when it stored it.
    public var id: Int64
    /// The camera that saw it, an id of the site's camera topology; nil in the live overlay, whose
    /// event names the camera once.
    public var camera: String?
    /// When it was seen, in milliseconds since 1970.
    public var ts: Int64
    /// The detection's box in the camera's frame, in pixels.
    public var box: Rect
    /// What was detected, such as `person` or `car`.
    public var label: String
    /// How sure the detector was, from 0 to 1.
    public var score: Double
    /// The tracked object the detection belongs to, for that camera; nil for an untracked detection.
    public var track: Int?
    /// SHA-256 of the detection's snapshot in the hub's thumbnail store; nil without one.
    public var thumbnail: String?

    /// A detection as the hub tells it.
    public init(id: Int64, camera: String?, ts: Int64, box: Rect, label: String, score: Double, track: Int? = nil, thumbnail: String? = nil) {
        self.id = id
        self.camera = camera
        self.ts = ts
        self.box = box
        self.label = label
        self.score = score
        self.track = track
        self.thumbnail = thumbnail
    }
}
