import VigilCore
import VigilStore

/// What is told of each commit that stores or prunes a site's detections, so that no search shows
/// a detection the store no longer holds: the domain's own row index (the rows ROI queries scan),
/// and the other domains' watchers (`DetectionFeed`: the appearance index, the zones).
struct DetectionIndexes: Sendable {
    let rows: DetectionRowIndex
    let feed: DetectionFeed

    /// Once the commit succeeds: `stored`, of the camera `cameraKey`, join the row index, which
    /// forgets what is older than `cutoff`.
    func add(_ stored: [(id: Int64, detection: Detection)], cameraKey: Int64, site: String, cutoff: Int64, in transaction: any DomainTransaction) {
        let added = stored.map { DetectionRowIndex.Stored(id: $0.id, cameraKey: cameraKey, detection: $0.detection) }
        transaction.afterCommit { [rows] in rows.add(added, site: site, cutoff: cutoff) }
    }

    /// In the commit that pruned the site's detections older than `cutoff`: the row index forgets
    /// them once it succeeds, and the watchers are told.
    func forget(site: String, before cutoff: Int64, in transaction: any DomainTransaction) {
        transaction.afterCommit { [rows] in rows.add([], site: site, cutoff: cutoff) }
        for watcher in feed.allWatchers { watcher.pruned(site: site, before: cutoff, in: transaction) }
    }
}
