import Synchronization

/// How many of a batch's detections its commit stored, set in the commit and read for the
/// publisher's `ok` once the commit is in.
final class StoredCount: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func set(_ count: Int) { value.withLock { $0 = count } }
}
