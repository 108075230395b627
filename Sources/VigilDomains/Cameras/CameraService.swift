import Foundation
import VigilCore
import VigilHub
import VigilStore

/// `cameras/{site}`: the site's camera wall (topology) and every camera switch;
/// `cameras/{site}/view/{viewer}` follows one viewer (a guard's tablet, a wall of the control room).
///
/// Commands: `topology` (import, replaces the site's cameras), `switch` (an operator puts a camera
/// on a viewer; to a camera that is not a neighbour of the current one only with `jump`), `swipe`
/// (a guard moves their own view up/down a floor or left/right to a neighbour, resolved by the hub
/// against the topology).
struct CameraService: TopicService {
    let kind = "cameras"
    let durability = Durability.durable
    static let viewSegment = "view"
    /// The most cameras a site's topology holds: a wall of a thousand is already more than a
    /// control room can watch, and the topology is carried whole by every `state`.
    static let maxCameras = 1000
    /// The most viewers (guards' devices, walls) a site keeps a view of; every `state` lists them.
    static let maxViewersPerSite = 1000

    let access: SiteScopedAccess
    let queries: CameraQueries
    let feed: CameraFeed

    init(sites: SiteDirectory, queries: CameraQueries, feed: CameraFeed) {
        access = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [.admin, .operator, .guard, .device], sites: sites)
        self.queries = queries
        self.feed = feed
    }

    static func topic(of site: String) -> String { "cameras/\(site)" }
    static func viewTopic(of viewer: String, site: String) -> String { "cameras/\(site)/\(viewSegment)/\(viewer)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        let segments = pattern.segments
        guard segments.count == 2 || (segments.count == 4 && segments[2] == Self.viewSegment) else {
            throw ProtocolError(.invalidTopic, "cameras topics are cameras/{site} and cameras/{site}/view/{viewer}")
        }
        try access.authorizeRead(identity, pattern)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        guard topic.segments.count == 2 else {
            throw ProtocolError(.forbidden, "a viewer's topic is written by the hub; send commands to cameras/{site}")
        }
        try access.authorizeWrite(identity, topic)
        let site = topic.scope
        switch type {
        case "topology":
            try identity.require([.admin, .operator, .device], to: "import a camera topology")
            let topology = try Self.topology(from: data)
            guard topology.cameras.count <= Self.maxCameras else {
                throw ProtocolError(.limitReached, "a site holds at most \(Self.maxCameras) cameras; this topology has \(topology.cameras.count)")
            }
            let cameras = Self.json(of: topology)
            return ValidatedEvent(
                type: CameraEventType.topology.rawValue, payload: ["cameras": cameras],
                effect: ImportTopology(site: site, camerasJSON: cameras.canonicalText), audited: true)
        case "switch":
            try identity.require([.admin, .operator], to: "push a camera to a viewer")
            let command = try data.decode(CameraCommand.Switch.self)
            let viewer = try CommandBounds.identifier(command.viewer, "viewer")
            let camera = try CommandBounds.text(command.camera, "camera", maxLength: 128)
            let move = SwitchCamera.Move.to(camera, jump: command.jump ?? false)
            return ValidatedEvent(
                type: CameraEventType.switched.rawValue, payload: [:], effect: SwitchCamera(site: site, viewer: viewer, move: move, feed: feed))
        case "swipe":
            try identity.require([.admin, .operator, .guard], to: "swipe a camera view")
            let command = try data.decode(CameraCommand.Swipe.self)
            let direction = command.direction
            let viewer = try command.viewer.map { name throws(ProtocolError) in try CommandBounds.identifier(name, "viewer") } ?? identity.name
            // A guard moves their own view; the control room may move any.
            if identity.role == .guard, viewer != identity.name {
                throw ProtocolError(.forbidden, "a guard swipes their own view (\(identity.name)) only")
            }
            guard Topic.isValidSegment(viewer) else {
                throw ProtocolError(.invalidData, "the viewer name \"\(viewer)\" cannot name a topic; give data.viewer")
            }
            return ValidatedEvent(
                type: CameraEventType.switched.rawValue, payload: [:],
                effect: SwitchCamera(site: site, viewer: viewer, move: .swipe(direction), feed: feed))
        default:
            throw ProtocolError(.unknownType, "cameras topics take topology, switch and swipe")
        }
    }

    /// Accepts the seed's iSurveillance JSON (`Number_of_cams`, `Cams`) and the clean model (`cameras`).
    static func topology(from data: JSONValue) throws(ProtocolError) -> CameraTopology {
        let bytes = Data(data.canonicalText.utf8)
        if data["Cams"] != nil {
            do {
                return try CameraTopologyJSON.parse(bytes)
            } catch {
                throw ProtocolError(.invalidData, "camera topology: \(error)")
            }
        }
        guard data["cameras"]?.arrayValue != nil else {
            throw ProtocolError(.invalidData, "data must be a camera topology: {cameras: [...]} or the iSurveillance {Number_of_cams, Cams}")
        }
        do {
            return try JSONDecoder().decode(CameraTopology.self, from: bytes)
        } catch {
            throw ProtocolError(.invalidData, "camera topology: \(Self.describe(error))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "at \(path.isEmpty ? "top level" : String(path.drop { $0 == "." })): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The clean model as a JSON array, the form events and snapshots carry.
    static func json(of topology: CameraTopology) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let data = try? encoder.encode(topology), let value = try? JSONValue(parsing: data) else {
            return .array([])
        }
        return value["cameras"] ?? .array([])
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        try await queries.snapshot(of: topic)
    }
}
