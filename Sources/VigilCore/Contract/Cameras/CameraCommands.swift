/// The `data` of the viewing commands of `cameras/{site}` (docs/protocol.md §6.4), one definition
/// that `VigilClient` sends and the hub's camera domain reads.
public enum CameraCommand {
    /// `switch` (admins and operators): puts a camera on a viewer's screen.
    public struct Switch: Sendable, Equatable, Codable {
        /// The viewer: a guard's token name or a wall's name such as `wall-1`.
        public var viewer: String
        /// The camera's id, up to 128 characters.
        public var camera: String
        /// Whether the camera may be other than a neighbour of the one shown; false when nil.
        public var jump: Bool?

        /// `camera` on `viewer`'s screen.
        public init(viewer: String, camera: String, jump: Bool? = nil) {
            self.viewer = viewer
            self.camera = camera
            self.jump = jump
        }
    }

    /// `swipe` (admins, operators and guards): moves a view to the neighbour one way.
    public struct Swipe: Sendable, Equatable, Codable {
        /// A floor up or down, or the neighbour left or right.
        public var direction: CameraDirection
        /// The viewer; the sender's own token name when nil (a guard swipes only their own).
        public var viewer: String?

        /// A swipe of `viewer`'s view (the sender's own when nil) towards `direction`.
        public init(direction: CameraDirection, viewer: String? = nil) {
            self.direction = direction
            self.viewer = viewer
        }

        private enum CodingKeys: String, CodingKey {
            case direction, viewer
        }

        /// Reads the wire's fields; a direction that is none of the four is refused in words.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            guard let direction = CameraDirection(rawValue: try fields.decode(String.self, forKey: .direction)) else {
                throw fields.refuse(.direction, "must be up, down, left or right")
            }
            self.direction = direction
            viewer = try fields.decodeIfPresent(String.self, forKey: .viewer)
        }
    }
}
