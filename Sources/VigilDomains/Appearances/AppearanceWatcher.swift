import VigilCore
import VigilDetections
import VigilStore

/// Keeps the appearance index as the detection domain's commits leave the store: once a commit
/// that stored a batch succeeds, its vectors join the index; once one that pruned succeeds, the
/// index forgets what is past the retention cut-off it pruned by.
struct AppearanceWatcher: DetectionWatcher {
    let index: AppearanceIndex

    func prepare(_ batch: DetectionBatch, site: String) -> any DetectionBatchWatch {
        AddVectors(index: index)
    }

    func pruned(site: String, before cutoff: Int64, in transaction: any DomainTransaction) {
        transaction.afterCommit { [index] in index.add([], site: site, cutoff: cutoff) }
    }

    /// A batch's vectors, added once its commit succeeds (a refused batch or a failed commit adds nothing).
    private struct AddVectors: DetectionBatchWatch {
        let index: AppearanceIndex

        func stored(_ stored: StoredDetections, in transaction: any DomainTransaction) throws {
            let vectors = stored.kept.compactMap { id, detection in
                detection.appearance.map {
                    AppearanceIndex.Stored(
                        id: id, ts: detection.milliseconds, cameraKey: stored.cameraKey, track: detection.trackID.map(Int64.init), vector: $0)
                }
            }
            transaction.afterCommit { [index] in index.add(vectors, site: stored.site, cutoff: stored.cutoff) }
        }
    }
}
