import Synchronization
import VigilStore

/// The zones of each camera as last committed, kept in memory so that a batch is matched against
/// them on its publisher's task, before the commit (`ZoneSightings`), and the single writer only
/// decides and writes. The commit checks that the version matched against is still the store's
/// (`ZoneSightings.current`); only committed changes reach this (`afterCommit`), so a set here is
/// never newer than the store, only older or missing, and either makes the commit match again.
final class ZoneSets: Sendable {
    private struct Camera: Hashable {
        let site: String
        let camera: String
    }

    private let sets = Mutex<[Camera: ZoneSet]>([:])

    /// The camera's zones as last known; nil before they were first read.
    func zones(of camera: String, site: String) -> ZoneSet? {
        sets.withLock { $0[Camera(site: site, camera: camera)] }
    }

    /// Once the commit is in: `set`, read in it, is the camera's.
    func keep(_ set: ZoneSet, of camera: String, site: String, in transaction: any DomainTransaction) {
        transaction.afterCommit {
            self.sets.withLock { $0[Camera(site: site, camera: camera)] = set }
        }
    }

    /// Once the commit is in: the commit moved the camera's zones from version `old` to `new` by
    /// defining zone `id` anew (nil: removing it). A set known at `old` follows; one at another
    /// version, or none, is dropped, unless the camera has no other zone (`alone`): then it is known.
    func change(
        _ id: String, to definition: ZoneDefinition?, of camera: String, site: String, from old: Int64?, to new: Int64, alone: Bool,
        in transaction: any DomainTransaction
    ) {
        transaction.afterCommit {
            self.sets.withLock { sets in
                let key = Camera(site: site, camera: camera)
                if alone {
                    sets[key] = ZoneSet(version: new, zones: []).with(id, as: definition, version: new)
                } else if let known = sets[key], known.version == old {
                    sets[key] = known.with(id, as: definition, version: new)
                } else {
                    sets[key] = nil
                }
            }
        }
    }
}
