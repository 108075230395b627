/// A swipe direction on the camera wall, and the neighbour it switches to.
public enum CameraDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// A floor up or down, or the neighbour to the left or right on the same floor.
    case up, down, left, right
}

/// The camera each swipe direction switches to; nil where there is none.
public struct CameraNeighbours: Sendable, Hashable, Codable {
    /// The camera a swipe up switches to (usually on the floor above).
    public var up: String?
    /// The camera a swipe down switches to (usually on the floor below).
    public var down: String?
    /// The camera a swipe left switches to.
    public var left: String?
    /// The camera a swipe right switches to.
    public var right: String?

    /// Neighbours by direction; each is a camera id, nil where there is none.
    public init(up: String? = nil, down: String? = nil, left: String? = nil, right: String? = nil) {
        self.up = up
        self.down = down
        self.left = left
        self.right = right
    }

    /// The neighbour in `direction`; setting it replaces that one.
    public subscript(direction: CameraDirection) -> String? {
        get {
            switch direction {
            case .up: up
            case .down: down
            case .left: left
            case .right: right
            }
        }
        set {
            switch direction {
            case .up: up = newValue
            case .down: down = newValue
            case .left: left = newValue
            case .right: right = newValue
            }
        }
    }
}

/// One camera of a site's wall: where its frame sits, how big it is drawn, its floor and neighbours.
public struct Camera: Sendable, Hashable, Codable {
    /// The camera's id in its site, unique in the topology.
    public var id: String
    /// What people call it ("Gate B, north"); nil where the topology gives none.
    public var name: String?
    /// Where the camera's MJPEG stream is served (http or https); nil where unknown.
    public var streamURL: String?
    /// Size the frame is shown at on the wall.
    public var frameSize: FrameSize
    /// Top-left corner of the frame on the wall.
    public var position: Point
    /// The floor the camera is on; swiping up or down goes between floors.
    public var floor: Int
    /// The cameras a swipe from this one switches to.
    public var neighbours: CameraNeighbours
    /// A notice shown with the camera, empty when there is none.
    public var reminderNotice: String
    /// How the wall animates a switch to this camera (free text, e.g. "push"), empty for the default.
    public var animationStyle: String

    /// A camera with each of its fields; a name, a stream, a notice and an animation are optional.
    public init(
        id: String, frameSize: FrameSize, position: Point, floor: Int, neighbours: CameraNeighbours = CameraNeighbours(),
        reminderNotice: String = "", animationStyle: String = "", name: String? = nil, streamURL: String? = nil
    ) {
        self.id = id
        self.name = name
        self.streamURL = streamURL
        self.frameSize = frameSize
        self.position = position
        self.floor = floor
        self.neighbours = neighbours
        self.reminderNotice = reminderNotice
        self.animationStyle = animationStyle
    }
}

/// Why a set of cameras does not form a topology.
public enum CameraTopologyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Camera at `index` has an empty id.
    case emptyID(index: Int)
    /// Camera at `index` repeats the id of an earlier camera.
    case duplicateID(String, index: Int)
    /// Camera at `index` names as its neighbour a camera that does not exist.
    case unknownNeighbour(String, index: Int, direction: CameraDirection)
    /// Camera at `index` has a stream URL that is not an http(s) URL.
    case invalidStreamURL(index: Int)

    /// The refusal in one sentence, such as `camera id "3" is used twice`.
    public var description: String {
        switch self {
        case .emptyID: "the camera id is empty"
        case .duplicateID(let id, _): "camera id \"\(id)\" is used twice"
        case .unknownNeighbour(let id, _, let direction): "the \(direction.rawValue) neighbour \"\(id)\" names no camera"
        case .invalidStreamURL: "the stream URL must start with http:// or https:// and have at most 2048 characters"
        }
    }
}

/// A site's cameras, with unique ids and every neighbour naming one of them.
public struct CameraTopology: Sendable, Hashable {
    /// The cameras, in wall order.
    public let cameras: [Camera]
    private let indexByID: [String: Int]

    /// A topology of `cameras`; throws when an id is empty or repeated, a neighbour names no camera, or a
    /// stream URL is not `http://` or `https://` (at most 2048 characters).
    public init(cameras: [Camera]) throws(CameraTopologyError) {
        var indexByID: [String: Int] = [:]
        for (index, camera) in cameras.enumerated() {
            guard !camera.id.isEmpty else { throw .emptyID(index: index) }
            guard indexByID.updateValue(index, forKey: camera.id) == nil else {
                throw .duplicateID(camera.id, index: index)
            }
            if let url = camera.streamURL, !Self.isStreamURL(url) { throw .invalidStreamURL(index: index) }
        }
        for (index, camera) in cameras.enumerated() {
            for direction in CameraDirection.allCases {
                if let neighbour = camera.neighbours[direction], indexByID[neighbour] == nil {
                    throw .unknownNeighbour(neighbour, index: index, direction: direction)
                }
            }
        }
        self.cameras = cameras
        self.indexByID = indexByID
    }

    private static func isStreamURL(_ url: String) -> Bool {
        url.utf8.count <= 2048 && (url.hasPrefix("http://") || url.hasPrefix("https://"))
            && !url.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }
    }

    /// The camera with id `id`; nil when there is none.
    public func camera(_ id: String) -> Camera? {
        indexByID[id].map { cameras[$0] }
    }

    /// The camera a swipe from `id` in `direction` switches to.
    public func neighbour(of id: String, _ direction: CameraDirection) -> Camera? {
        camera(id)?.neighbours[direction].flatMap(camera)
    }

    /// True when `to` is a neighbour of `from` in some direction (a switch that needs no jump).
    public func isNeighbour(_ to: String, of from: String) -> Bool {
        guard let camera = camera(from) else { return false }
        return CameraDirection.allCases.contains { camera.neighbours[$0] == to }
    }

    /// Cameras on one floor, in wall order.
    public func cameras(onFloor floor: Int) -> [Camera] {
        cameras.filter { $0.floor == floor }
    }
}

extension CameraTopology: Codable {
    /// Coded as `{"cameras": [...]}`; decoding validates like `init(cameras:)`.
    private enum CodingKeys: String, CodingKey { case cameras }

    /// Decodes `{"cameras": [...]}`, refusing what ``init(cameras:)`` refuses.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(cameras: try container.decode([Camera].self, forKey: .cameras))
        } catch let error as CameraTopologyError {
            throw DecodingError.dataCorruptedError(forKey: .cameras, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{"cameras": [...]}`, each camera in the clean model.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cameras, forKey: .cameras)
    }
}
