import Synchronization

/// The transactions in which this hub appended events, for its follower to leave out: the hub
/// fanned those out itself, at once. Kept only once a follower is made (`start`), and only until
/// the follower has read past them.
final class PostgresOwnTransactions: Sendable {
    private struct State {
        var isKept = false
        var ids: Set<Int64> = []
    }

    private let state = Mutex(State())

    var isKept: Bool { state.withLock { $0.isKept } }

    func start() {
        state.withLock { $0.isKept = true }
    }

    func record(_ id: Int64) {
        state.withLock { if $0.isKept { $0.ids.insert(id) } }
    }

    /// Transaction `id` failed as far as this hub knows, perhaps after committing: if it did
    /// commit, the follower delivers it as another hub's.
    func disown(_ id: Int64) {
        state.withLock { _ = $0.ids.remove(id) }
    }

    func contains(_ id: Int64) -> Bool {
        state.withLock { $0.ids.contains(id) }
    }

    /// The follower has read every transaction below `id`.
    func forget(below id: Int64) {
        state.withLock { state in
            guard state.ids.contains(where: { $0 < id }) else { return }
            state.ids = state.ids.filter { $0 >= id }
        }
    }
}
