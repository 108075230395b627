import Synchronization
import VigilStore

/// The sites that exist, cached; a miss reads the database again, since `vigil site create` may
/// add one while the hub runs.
public final class SiteDirectory: Sendable {
    private let repository: SiteRepository
    private let known = Mutex<Set<String>>([])

    public init(repository: SiteRepository) {
        self.repository = repository
    }

    public func exists(_ site: String) -> Bool {
        if known.withLock({ $0.contains(site) }) { return true }
        guard (try? repository.exists(site)) == true else { return false }
        known.withLock { _ = $0.insert(site) }
        return true
    }
}
