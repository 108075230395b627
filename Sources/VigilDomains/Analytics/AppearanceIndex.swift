import Synchronization
import VigilHub
import VigilStore

/// The analytics domain's in-memory index of appearance vectors, for image queries (`similar`):
/// per site, every stored detection with a vector as Int8 codes of its direction, scanned with
/// SIMD in a first pass whose per-vector error bound is rigorous (`AppearanceCodes`), so that only
/// the few detections that could be in the answer are measured exactly, from their stored vectors.
///
/// A site is read from the store the first time it is searched; from then on each commit that
/// stores detections adds them after it succeeds (a refused batch or a failed commit adds nothing)
/// and raises the retention cut-off the commit pruned by. About 170 bytes an entry at 128 numbers
/// (the 32-bit vectors would be 512): the exact vectors of the few hundred candidates a query
/// measures are read from the store by id, which costs a millisecond or two, not worth 3x memory.
final class AppearanceIndex: Sendable {
    /// A detection stored with a vector, as its commit tells the index.
    struct Stored: Sendable {
        let id: Int64
        let ts: Int64
        let cameraKey: Int64
        let track: Int64?
        let vector: [Float]
    }

    private let store: any EventStore
    private let clock: any HubClock
    private let sites = Mutex<[String: SiteAppearances]>([:])

    init(store: any EventStore, clock: any HubClock) {
        self.store = store
        self.clock = clock
    }

    /// After the commit that stored `detections` of `site` and pruned what was older than `cutoff`.
    /// A site not searched yet is left alone: its first search reads it all from the store.
    func add(_ detections: [Stored], site: String, cutoff: Int64) {
        sites.withLock { $0[site] }?.add(detections, cutoff: cutoff)
    }

    /// The site's entries as they are now, read from the store the first time.
    func snapshot(of site: String) async throws -> AppearanceSnapshot {
        let entries = sites.withLock { sites in
            if let known = sites[site] { return known }
            let made = SiteAppearances()
            sites[site] = made
            return made
        }
        do {
            return try await entries.snapshot { [store, clock] in
                try await store.read { transaction in try Self.load(site, now: clock.milliseconds(), in: transaction) }
            }
        } catch {
            // Forgotten, so that additions are not kept waiting for a load that may not come.
            sites.withLock { if $0[site] === entries { $0[site] = nil } }
            throw error
        }
    }

    private static func load(_ site: String, now: Int64, in transaction: any DomainTransaction) throws -> AppearanceEntries {
        var entries = AppearanceEntries()
        entries.forget(before: try DetectionRetention.cutoff(of: site, now: now, in: transaction))
        try transaction.forEachAppearance(site: site, since: entries.cutoff) { id, cameraKey, ts, track, vector in
            entries.append(id: id, ts: ts, cameraKey: cameraKey, track: track, vector: vector)
        }
        return entries
    }
}
