import VigilCore
import VigilDetections
import VigilStore

/// The zones watching each batch the detection domain stores: matched against the camera's zones
/// as last committed on the publisher's task (`ZoneSightings`), and written in the batch's commit
/// (`watchZones`), against the zones as stored when they changed meanwhile.
struct ZoneWatcher: DetectionWatcher {
    let sets: ZoneSets

    func prepare(_ batch: DetectionBatch, site: String) -> any DetectionBatchWatch {
        WatchBatch(sightings: sets.zones(of: batch.camera, site: site).map { ZoneSightings(batch, against: $0) }, sets: sets)
    }

    private struct WatchBatch: DetectionBatchWatch {
        /// Nil when the camera's zones were not known in memory.
        let sightings: ZoneSightings?
        let sets: ZoneSets

        func stored(_ stored: StoredDetections, in transaction: any DomainTransaction) throws {
            let seen = try ZoneSightings.current(sightings, of: stored.batch, site: stored.site, sets: sets, in: transaction)
            try ZoneTables(transaction).watchZones(seen, batch: stored.batch, ids: stored.ids, site: stored.site)
        }
    }
}
