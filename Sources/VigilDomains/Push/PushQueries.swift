import VigilCore
import VigilHub
import VigilStore

/// What the push domain reads outside the commit: a token's own phones and settings on a site.
struct PushQueries: Sendable {
    let store: any EventStore

    func phones(of tokenID: String, site: String) async throws -> [PhoneRecord] {
        try await store.read { transaction in try PushTables(transaction).phones(of: tokenID, site: site) }
    }

    func settings(of tokenID: String, site: String) async throws -> PushSettings {
        try await store.read { transaction in try PushTables(transaction).pushSettings(of: tokenID, site: site)?.settings ?? .everything }
    }
}
