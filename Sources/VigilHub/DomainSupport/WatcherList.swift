import Synchronization

/// The watchers domains hang on another domain's events, one list per watcher protocol and hub
/// (`DomainContext.links`): the domain that publishes the events names it in its interface
/// (`typealias AlertFeed = WatcherList<any AlertWatcher>`) and tells each watcher inside its
/// commits; the others add theirs, whatever order the domains are made in.
public final class WatcherList<Watcher: Sendable>: Sendable {
    private let watchers = Mutex<[Watcher]>([])

    /// The hub's list, made by whichever domain asks first.
    public static func of(_ context: DomainContext) -> WatcherList {
        context.links.shared(WatcherList.self) { WatcherList() }
    }

    private init() {}

    /// From now on, `watcher` is told.
    public func watch(with watcher: Watcher) {
        watchers.withLock { $0.append(watcher) }
    }

    /// Every watcher, in the order they were added.
    public var all: [Watcher] { watchers.withLock { $0 } }
}
