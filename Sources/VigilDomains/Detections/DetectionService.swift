import VigilCore
import VigilHub
import VigilStore

/// `detections/{site}/{camera}`: analytics backends publish batches of one camera's detections
/// (command `batch`); the rows are stored and indexed, and the batch goes live to the topic's
/// subscribers (a control room drawing boxes over the camera) without entering the event log.
/// Queries on `detections/{site}` search what was stored (`roi`, `timeline`, and those other
/// domains answer through the `DetectionFeed`: appearances' `similar`).
struct DetectionService: TopicService {
    let kind = "detections"
    let durability = Durability.ephemeral
    /// Over HTTP a batch may be larger than a WebSocket message.
    static let maxBatchBytes = 4 << 20

    /// How far ahead of the hub's clock a detection may be: the clock skew a backend may have.
    /// Later ones are refused, as they would outlive the site's retention.
    static let maxAheadMs: Int64 = 5 * 60_000

    let access: SiteScopedAccess
    let clock: any HubClock
    let search: RoiSearch
    let feed: DetectionFeed

    init(sites: SiteDirectory, clock: any HubClock, search: RoiSearch, feed: DetectionFeed) {
        access = SiteScopedAccess(readers: [.admin, .operator, .guard], writers: [.admin, .device], sites: sites)
        self.clock = clock
        self.search = search
        self.feed = feed
    }

    /// What is told of each commit that stores or prunes detections.
    var indexes: DetectionIndexes { DetectionIndexes(rows: search.rows, feed: feed) }

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
        try Self.checkTimes(of: batch, now: clock.milliseconds())
        // The watchers' work that needs no store (the zones' geometry), here on the publisher's task.
        let watches = feed.allWatchers.map { $0.prepare(batch, site: topic.scope) }
        let effect = StoreDetections(site: topic.scope, batch: batch, watches: watches, indexes: indexes)
        return ValidatedEvent(
            type: DetectionEventType.detections.rawValue, payload: [:], effect: effect,
            committedReply: { JSONValue.fields(of: DetectionBatchStored(detections: effect.stored.count)) })
    }

    /// Refuses a batch with a detection later than the clock allows (`maxAheadMs`).
    static func checkTimes(of batch: DetectionBatch, now: Int64) throws(ProtocolError) {
        let latest = now + maxAheadMs
        guard let index = batch.detections.firstIndex(where: { $0.milliseconds > latest }) else { return }
        throw ProtocolError(
            .invalidData,
            """
            detections batch, field detections[\(index)].time: \(batch.detections[index].milliseconds) is more than \(maxAheadMs / 60_000) \
            minutes ahead of the hub's clock (\(now))
            """)
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
        default:
            let answerers = feed.answerers
            guard let answerer = answerers.first(where: { $0.type == type })?.answerer else {
                let types = ["roi", "timeline"] + answerers.map(\.type)
                throw ProtocolError(
                    .unknownType, "detections/{site} answers the queries \(types.dropLast().joined(separator: ", ")) and \(types.last ?? "")")
            }
            return try await answerer.answer(data, site: topic.scope)
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
