import VigilCore
import VigilHub
import VigilStore

/// `detections/{site}/{camera}`: analytics backends publish batches of one camera's detections
/// (command `batch`); the rows are stored and indexed, and the batch goes live to the topic's
/// subscribers (a control room drawing boxes over the camera) without entering the event log.
/// Queries on `detections/{site}` search what was stored (`roi`, `timeline`, `similar`).
struct DetectionService: TopicService {
    let kind = "detections"
    let durability = Durability.ephemeral
    /// Over HTTP a batch may be larger than a WebSocket message.
    static let maxBatchBytes = 4 << 20

    let access: SiteScopedAccess
    let search: RoiSearch
    let images: ImageSearch

    init(sites: SiteDirectory, search: RoiSearch, images: ImageSearch) {
        access = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [.admin, .device], sites: sites)
        self.search = search
        self.images = images
    }

    /// What the searches keep in memory, told of each commit that stores or prunes detections.
    var indexes: DetectionIndexes { DetectionIndexes(rows: search.rows, vectors: images.index) }

    static let shape = "detections/{site}/{camera}"
    static func topic(of camera: String, site: String) -> String { "detections/\(site)/\(camera)" }
    static func queryTopic(of site: String) -> String { "detections/\(site)" }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try access.authorizeRead(identity, pattern, shape: Self.shape)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        try access.authorizeWrite(identity, topic, shape: Self.shape)
        guard type == "batch" else {
            throw ProtocolError(.unknownType, "detections topics take batch")
        }
        let batch = try Self.batch(from: data, camera: topic.segments[2])
        return ValidatedEvent(
            type: "detections", payload: [:], effect: StoreDetections(site: topic.scope, batch: batch, indexes: indexes),
            reply: ["detections": .number(Double(batch.detections.count))])
    }

    /// Those who may watch a site's cameras may search them.
    func query(_ identity: Identity, topic: Topic, type: String, data: JSONValue) async throws -> JSONValue {
        guard topic.segments.count == 2 else {
            throw ProtocolError(.invalidTopic, "detections are queried on detections/{site}")
        }
        try access.authorizeRead(identity, TopicPattern(topic.rawValue))
        switch type {
        case "roi":
            return try await search.run(try RoiQuery(data), site: topic.scope).get()
        case "timeline":
            return try await search.run(try Timeline(data), site: topic.scope).get()
        case "similar":
            return try await images.run(try ImageQuery(data), site: topic.scope).get()
        default:
            throw ProtocolError(.unknownType, "detections/{site} answers the queries roi, timeline and similar")
        }
    }

    /// The batch in `data` (docs/formats.md §5), for the topic's camera: `camera` may be left out.
    static func batch(from data: JSONValue, camera: String) throws(ProtocolError) -> DetectionBatch {
        guard var fields = data.objectValue else {
            throw ProtocolError(.invalidData, "data must be a detections batch {camera?, frame, detections}")
        }
        if let named = fields["camera"], named != .string(camera) {
            throw ProtocolError(.invalidData, "detections batch, field camera: the batch names another camera than the topic's, \(camera)")
        }
        fields["camera"] = .string(camera)
        do {
            return try DetectionBatch(json: .object(fields))
        } catch {
            throw ProtocolError(.invalidData, error.description)
        }
    }
}
