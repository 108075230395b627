import Foundation

/// The iSurveillance camera topology JSON, with the seed's own field names:
///
///     {"Number_of_cams": 2, "Cams": [{"Cam_id": "1", "Cam_farme_size": "320x240",
///       "Cam_x_coordination": 0, "Cam_y_coordination": 0, "Cam_floor": 1,
///       "Cam_neighborhood_right": "2", ...}, ...]}
///
/// Ids may be strings or integers; a neighbour that is absent, null or "" means none.
public enum CameraTopologyJSON {
    /// Largest document accepted.
    public static let maxBytes = 4 << 20

    /// Reads the seed's topology document; throws a `FormatError` naming the field (such as `Cams[0].Cam_farme_size`) when
    /// it is not one, when `Number_of_cams` disagrees with `Cams`, or when the cameras do not form a topology.
    public static func parse(_ data: Data) throws(FormatError) -> CameraTopology {
        let raw = try JSONFormat.decode(RawTopology.self, from: data, format: .cameraTopology, maxBytes: maxBytes)
        guard raw.Number_of_cams == raw.Cams.count else {
            throw FormatError(
                .cameraTopology, field: "Number_of_cams",
                "says \(raw.Number_of_cams) cameras but Cams lists \(raw.Cams.count)")
        }
        let cameras = try raw.Cams.enumerated().map { (index, camera) throws(FormatError) in
            try camera.model(at: index)
        }
        do {
            return try CameraTopology(cameras: cameras)
        } catch {
            throw FormatError(.cameraTopology, field: field(of: error), error.description)
        }
    }

    /// The topology in the seed's form, ids written as strings; `parse(_:)` reads it back to the same topology.
    public static func write(_ topology: CameraTopology) -> Data {
        JSONFormat.encode(RawTopology(Number_of_cams: topology.cameras.count, Cams: topology.cameras.map(RawCamera.init)))
    }

    private static func field(of error: CameraTopologyError) -> String {
        switch error {
        case .emptyID(let index), .duplicateID(_, let index): "Cams[\(index)].Cam_id"
        case .invalidStreamURL(let index): "Cams[\(index)].Cam_stream_url"
        case .unknownNeighbour(_, let index, let direction): "Cams[\(index)].\(RawCamera.neighbourKey(direction))"
        }
    }
}

// The wire shape, field for field as the seed names them.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct RawTopology: Codable {
    let Number_of_cams: Int
    let Cams: [RawCamera]
}

// swift-format-ignore: AlwaysUseLowerCamelCase
private struct RawCamera: Codable {
    let Cam_id: CameraReference
    let Cam_farme_size: String
    let Cam_x_coordination: Double
    let Cam_y_coordination: Double
    let Cam_floor: Int
    let Cam_neighborhood_up: CameraReference?
    let Cam_neighborhood_down: CameraReference?
    let Cam_neighborhood_left: CameraReference?
    let Cam_neighborhood_right: CameraReference?
    let Cam_reminder_notice: String?
    let Cam_animation_style: String?
    // Not in the seed's document: the hub's additions, optional so the seed's files still parse.
    let Cam_name: String?
    let Cam_stream_url: String?

    static func neighbourKey(_ direction: CameraDirection) -> String {
        "Cam_neighborhood_\(direction.rawValue)"
    }

    init(_ camera: Camera) {
        Cam_id = CameraReference(camera.id)
        Cam_farme_size = "\(camera.frameSize.width)x\(camera.frameSize.height)"
        Cam_x_coordination = camera.position.x
        Cam_y_coordination = camera.position.y
        Cam_floor = camera.floor
        Cam_neighborhood_up = camera.neighbours.up.map(CameraReference.init)
        Cam_neighborhood_down = camera.neighbours.down.map(CameraReference.init)
        Cam_neighborhood_left = camera.neighbours.left.map(CameraReference.init)
        Cam_neighborhood_right = camera.neighbours.right.map(CameraReference.init)
        Cam_reminder_notice = camera.reminderNotice
        Cam_animation_style = camera.animationStyle
        Cam_name = camera.name
        Cam_stream_url = camera.streamURL
    }

    func model(at index: Int) throws(FormatError) -> Camera {
        let prefix = "Cams[\(index)]."
        for (name, value) in [("Cam_x_coordination", Cam_x_coordination), ("Cam_y_coordination", Cam_y_coordination)]
        where !value.isFinite {
            throw FormatError(.cameraTopology, field: prefix + name, "the coordinate must be a finite number")
        }
        let size = Cam_farme_size.split(whereSeparator: { $0 == "x" || $0 == "X" }).compactMap { Int($0) }
        guard size.count == 2, let frameSize = try? FrameSize(width: size[0], height: size[1]) else {
            throw FormatError(
                .cameraTopology, field: prefix + "Cam_farme_size",
                "expected WIDTHxHEIGHT with positive whole pixels, e.g. \"320x240\", found \"\(Cam_farme_size)\"")
        }
        let neighbours = CameraNeighbours(
            up: Cam_neighborhood_up?.nonEmpty, down: Cam_neighborhood_down?.nonEmpty,
            left: Cam_neighborhood_left?.nonEmpty, right: Cam_neighborhood_right?.nonEmpty)
        return Camera(
            id: Cam_id.value, frameSize: frameSize, position: Point(x: Cam_x_coordination, y: Cam_y_coordination),
            floor: Cam_floor, neighbours: neighbours, reminderNotice: Cam_reminder_notice ?? "",
            animationStyle: Cam_animation_style ?? "", name: Cam_name, streamURL: Cam_stream_url)
    }
}

/// A camera id as the seed's files hold it: a string or an integer. Written back as a string.
private struct CameraReference: Codable {
    let value: String

    init(_ value: String) {
        self.value = value
    }

    var nonEmpty: String? { value.isEmpty ? nil : value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            value = try container.decode(String.self).trimmingASCIIWhitespace()
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
