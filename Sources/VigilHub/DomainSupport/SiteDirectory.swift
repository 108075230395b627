import Synchronization
import VigilStore

/// The sites that exist, as far as the hub has learnt. `vigil site create` may add one while the
/// hub runs, so a site not yet known is looked up again (`learn`) before a publish is checked.
/// The lookup is an asynchronous read: a synchronous one, made on one of the few cooperative
/// threads while other reads hold the database's readers, can stall the whole hub.
public final class SiteDirectory: Sendable {
    private let store: any EventStore
    private let known = Mutex<Set<String>>([])

    public init(store: any EventStore) {
        self.store = store
    }

    /// Whether `site` is known to exist.
    public func exists(_ site: String) -> Bool {
        known.withLock { $0.contains(site) }
    }

    /// Looks `site` up in the database unless it is already known to exist.
    public func learn(_ site: String) async {
        guard !exists(site), (try? await store.read({ try $0.siteExists(site) })) == true else { return }
        known.withLock { _ = $0.insert(site) }
    }
}
