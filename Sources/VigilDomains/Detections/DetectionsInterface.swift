import Synchronization
import VigilCore
import VigilHub
import VigilStore

// What the other domains may do with detections: the detection domain's published interface.
// Appearances and zones are told of each batch and each prune through the hub's `DetectionFeed`,
// and appearances answers the image query on `detections/{site}` through it; both read stored
// detections with the statements and shapes this module makes public (`DetectionRecord`,
// `RoiRegions`, ...), never by a table of their own.

/// What other domains hang on detections, one per hub (`DomainContext.links`): watchers told of
/// each stored batch and each prune in its commit, and the answerers of queries on
/// `detections/{site}` besides the ROI query and the timeline.
public final class DetectionFeed: Sendable {
    private let watchers = Mutex<[any DetectionWatcher]>([])
    private let queries = Mutex<[(type: String, answerer: any DetectionQueryAnswerer)]>([])

    /// The hub's feed, made by whichever domain asks first.
    public static func of(_ context: DomainContext) -> DetectionFeed {
        context.links.shared(DetectionFeed.self) { DetectionFeed() }
    }

    private init() {}

    /// From now on, `watcher` is told of every batch stored and every prune.
    public func watch(with watcher: any DetectionWatcher) {
        watchers.withLock { $0.append(watcher) }
    }

    /// From now on, the query `type` on `detections/{site}` is answered by `answerer`, once the
    /// detection domain has checked that the reader may search the site.
    public func answer(_ type: String, with answerer: any DetectionQueryAnswerer) {
        queries.withLock { $0.append((type, answerer)) }
    }

    var allWatchers: [any DetectionWatcher] { watchers.withLock { $0 } }

    /// The answerers by the query they answer, in the order they were given.
    var answerers: [(type: String, answerer: any DetectionQueryAnswerer)] { queries.withLock { $0 } }
}

/// A domain told of the detections stored and pruned, inside the commits that do it.
public protocol DetectionWatcher: Sendable {
    /// On the publisher's task, before the commit: what the watcher works out of `batch` of `site`
    /// without the store, and what it writes once the batch is stored.
    func prepare(_ batch: DetectionBatch, site: String) -> any DetectionBatchWatch

    /// In the commit that pruned the site's detections older than `cutoff` (ingest's chunk, or the
    /// clock's for a quiet site).
    func pruned(site: String, before cutoff: Int64, in transaction: any DomainTransaction)
}

extension DetectionWatcher {
    /// Nothing: a watcher that keeps nothing of the stored detections (the zones) forgets nothing.
    public func pruned(site: String, before cutoff: Int64, in transaction: any DomainTransaction) {}
}

/// One batch as a watcher prepared it.
public protocol DetectionBatchWatch: Sendable {
    /// In the batch's commit, once its rows are written; throwing refuses the batch.
    func stored(_ stored: StoredDetections, in transaction: any DomainTransaction) throws
}

/// A batch as its commit stored it.
public struct StoredDetections: Sendable {
    /// The site.
    public let site: String
    /// The batch as published.
    public let batch: DetectionBatch
    /// The number that stands for the batch's camera in the store (`detection_cameras.key`).
    public let cameraKey: Int64
    /// Each detection's id, by its place in the batch; nil for one already past the site's
    /// retention, not stored.
    public let ids: [Int64?]
    /// The retention cut-off the commit pruned by.
    public let cutoff: Int64

    /// The detections stored, with their ids, in the batch's order.
    public var kept: [(id: Int64, detection: Detection)] {
        zip(ids, batch.detections).compactMap { id, detection in id.map { ($0, detection) } }
    }
}

/// A query on `detections/{site}` that another domain answers.
public protocol DetectionQueryAnswerer: Sendable {
    /// The answer to the query `data` at `site`, or a `ProtocolError` for a query it refuses.
    func answer(_ data: JSONValue, site: String) async throws -> JSONValue
}

/// What the queries of other domains share with the ROI query: its bounds and its time window.
public enum DetectionQueries {
    /// Cameras one query may name.
    public static let maxCameras = RoiQuery.maxCameras
    /// Labels one query or zone may name.
    public static let maxLabels = RoiQuery.maxLabels

    /// `data.from` and `data.to`, milliseconds since 1970, `to` after `from`.
    public static func window(from: Int64, to: Int64) throws(ProtocolError) -> (from: Int64, to: Int64) {
        try RoiQuery.window(from: from, to: to)
    }
}

/// A search's result as another domain found it: the detection that stands for it, how well it
/// matches, and when and how often what it stands for (a track) was seen.
public struct DetectionResult: Sendable {
    /// The detection shown.
    public var id: Int64
    /// How well it matches, higher first.
    public var value: Double
    /// The first and last time of the group it stands for, and how many detections it holds.
    public var first: Int64, last: Int64, count: Int

    /// A result of the detection `id`, `value`, over `first...last` with `count` detections.
    public init(id: Int64, value: Double, first: Int64, last: Int64, count: Int) {
        (self.id, self.value, self.first, self.last, self.count) = (id, value, first, last, count)
    }
}

extension DomainTransaction {
    /// `results` as a query answers them, in their order: each detection as stored (without those
    /// the store no longer holds), its value set as `measure` (an image query's `similarity`).
    public func detectionHits(_ results: [DetectionResult], measure: WritableKeyPath<DetectionHit, Double?>) throws -> [DetectionHit] {
        let records = Dictionary(try DetectionTables(self).detections(results.map(\.id)).map { ($0.id, $0) }) { first, _ in first }
        return results.compactMap { result in
            records[result.id].map { record in
                var hit = DetectionHit(detection: record.wire, first: result.first, last: result.last, count: result.count)
                hit[keyPath: measure] = result.value
                return hit
            }
        }
    }
}
