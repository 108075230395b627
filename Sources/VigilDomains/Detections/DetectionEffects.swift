import VigilCameras
import VigilCore
import VigilHub
import VigilStore

/// Stores a batch of one camera's detections, checked against what only the store knows: the
/// camera is in the site's topology with this frame size, every thumbnail was uploaded, and the
/// appearance vectors have the site's length. One refusal refuses the whole batch (its savepoint is
/// rolled back). Detections already past the site's retention are dropped, and detections past it
/// are pruned by a bounded chunk. The other domains' watchers (the zones, the appearance index)
/// are told of the stored batch in the same commit, from what each worked out before it. Once
/// committed, the rows join the row index. The event, fanned out to the overlay and not logged,
/// carries the stored ids: its JSON is written when the effect is made, before the transaction.
struct StoreDetections: DomainEffect {
    let site: String
    let batch: DetectionBatch
    /// The watchers' work on the batch, prepared on the publisher's task.
    let watches: [any DetectionBatchWatch]
    let indexes: DetectionIndexes
    let overlay: DetectionOverlay
    /// What the commit stored, for the publisher's `ok`.
    let stored = StoredCount()

    init(site: String, batch: DetectionBatch, watches: [any DetectionBatchWatch], indexes: DetectionIndexes) {
        self.site = site
        self.batch = batch
        self.watches = watches
        self.indexes = indexes
        overlay = DetectionOverlay(batch)
    }

    var rows: Int { batch.detections.count }

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard let camera = try transaction.decodedCameraTopology(of: site)?.camera(batch.camera) else {
            throw Self.refusal(.notFound, field: "camera", "site \(site) has no camera \(batch.camera) in its topology")
        }
        guard camera.frameSize == batch.frameSize else {
            throw Self.refusal(
                .invalidData, field: "frame",
                """
                \(batch.frameSize.width)x\(batch.frameSize.height) is not camera \(camera.id)'s frame, \
                \(camera.frameSize.width)x\(camera.frameSize.height)
                """)
        }
        try checkThumbnails(in: transaction)
        try checkAppearanceLength(in: transaction)
        // Read once: the commit drops and prunes by it, and the indexes forget by it after.
        let cutoff = try DetectionRetention.cutoff(of: site, now: event.ts, in: transaction)
        let key = try DetectionTables(transaction).detectionCameraKey(site: site, camera: batch.camera)
        let fresh = batch.detections.filter { $0.milliseconds >= cutoff }
        let freshIDs = try DetectionTables(transaction).insertDetections(fresh, cameraKey: key)
        let kept = Array(zip(freshIDs, fresh)).map { (id: $0, detection: $1) }
        // The batch's ids in its order, nil for each detection dropped as past the retention.
        var keptIDs = freshIDs.makeIterator()
        let ids = batch.detections.map { $0.milliseconds >= cutoff ? keptIDs.next() : nil }
        if let first = kept.first { try DetectionTables(transaction).indexDetectionBoxes(from: first.id) }
        let written = StoredDetections(site: site, batch: batch, cameraKey: key, ids: ids, cutoff: cutoff)
        for watch in watches { try watch.stored(written, in: transaction) }
        // At least twice what it adds, so steady ingest keeps the database at a steady size.
        _ = try DetectionTables(transaction).pruneDetections(of: site, before: cutoff, limit: max(DetectionRetention.minimumChunk, 2 * kept.count))
        indexes.add(kept, cameraKey: key, site: site, cutoff: cutoff, in: transaction)
        event.payload = overlay.payload(ids: ids)
        stored.set(kept.count)
        return []
    }

    private func checkThumbnails(in transaction: any DomainTransaction) throws {
        let hashes = Array(Set(batch.detections.compactMap(\.thumbnail)))
        guard let missing = try transaction.missingThumbnails(hashes).first,
            let index = batch.detections.firstIndex(where: { $0.thumbnail == missing })
        else { return }
        throw Self.refusal(.notFound, field: "detections[\(index)].thumbnail", "no thumbnail \(missing); upload it with POST /api/thumbnails first")
    }

    private func checkAppearanceLength(in transaction: any DomainTransaction) throws {
        guard let index = batch.detections.firstIndex(where: { $0.appearance != nil }),
            let length = batch.detections[index].appearance?.count
        else { return }
        guard let fixed = try transaction.appearanceLength(of: site) else {
            return try DetectionTables(transaction).fixAppearanceLength(length, of: site)
        }
        guard fixed == length else {
            throw Self.refusal(.invalidData, field: "detections[\(index)].appearance", "has \(length) numbers; site \(site)'s vectors have \(fixed)")
        }
    }

    static func refusal(_ code: ErrorCode, field: String, _ message: String) -> ProtocolError {
        ProtocolError(code, "detections batch, field \(field): \(message)")
    }
}
