import VigilCore
import VigilStore

/// The analytics domain's in-memory indexes of stored detections (the rows ROI queries scan, the
/// vectors image queries scan), told after each commit that stores or prunes a site's detections:
/// the rows stored, and the retention cut-off the commit pruned by, so that neither shows a search
/// a detection the store no longer holds.
struct DetectionIndexes: Sendable {
    let rows: DetectionRowIndex
    let vectors: AppearanceIndex

    /// Once the commit succeeds: `stored`, of the camera `cameraKey`, join the indexes (their
    /// vectors the appearance index), and both forget what is older than `cutoff`.
    func add(_ stored: [(id: Int64, detection: Detection)], cameraKey: Int64, site: String, cutoff: Int64, in transaction: any DomainTransaction) {
        let vectors = stored.compactMap { id, detection in
            detection.appearance.map {
                AppearanceIndex.Stored(id: id, ts: detection.milliseconds, cameraKey: cameraKey, track: detection.trackID.map(Int64.init), vector: $0)
            }
        }
        let added = stored.map { DetectionRowIndex.Stored(id: $0.id, cameraKey: cameraKey, detection: $0.detection) }
        tell(added, vectors, site: site, cutoff: cutoff, in: transaction)
    }

    /// Once the commit that pruned the site's detections older than `cutoff` succeeds: both forget them.
    func forget(site: String, before cutoff: Int64, in transaction: any DomainTransaction) {
        tell([], [], site: site, cutoff: cutoff, in: transaction)
    }

    private func tell(
        _ added: [DetectionRowIndex.Stored], _ vectors: [AppearanceIndex.Stored], site: String, cutoff: Int64, in transaction: any DomainTransaction
    ) {
        let (rows, index) = (rows, self.vectors)
        transaction.afterCommit {
            rows.add(added, site: site, cutoff: cutoff)
            index.add(vectors, site: site, cutoff: cutoff)
        }
    }
}
