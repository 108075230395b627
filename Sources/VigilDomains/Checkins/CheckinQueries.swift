import VigilCore
import VigilHub
import VigilStore

/// Reads of the check-in domain: the site's checkpoints as a `checkins/{site}` subscriber first
/// gets them, and one checkpoint.
struct CheckinQueries: Sendable {
    let store: any EventStore

    func snapshot(of topic: Topic) async throws -> TopicSnapshot {
        try await store.read { transaction in
            TopicSnapshot(
                head: try transaction.head(of: topic.rawValue),
                data: JSONValue.fields(of: CheckinsState(checkpoints: try CheckinTables(transaction).checkpoints(of: topic.scope).map(\.wire))))
        }
    }

    func checkpoint(_ id: String, site: String) async throws -> CheckpointRecord? {
        try await store.read { try CheckinTables($0).checkpoint(id, site: site) }
    }
}
