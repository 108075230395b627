import VigilCore
import VigilHub
import VigilStore

/// Reads of the alert domain: the state an `alerts/{site}` subscriber gets first, and the pages of
/// locations and visits the HTTP API lists.
struct AlertQueries: Sendable {
    static let maxPageSize = 200
    let store: any EventStore

    /// Open alerts (only escalated ones on `alerts/{site}/escalated`) and locations being visited,
    /// as of the topic's head, read in one transaction.
    func snapshot(of topic: Topic) async throws -> TopicSnapshot {
        let site = topic.scope
        let escalatedOnly = topic.segments.count == 3
        return try await store.read { transaction in
            let head = try transaction.head(of: topic.rawValue)
            let state = AlertsState(
                alerts: try AlertTables(transaction).openAlerts(of: site, escalatedOnly: escalatedOnly).map(\.wire),
                visited: escalatedOnly ? nil : try LocationTables(transaction).visitedLocations(of: site).map(\.wire))
            return TopicSnapshot(head: head, data: JSONValue.fields(of: state))
        }
    }

    /// The site's locations by id, after `after`: `{locations, next?}`.
    func locations(of site: String, after: String?, limit: Int) async throws -> JSONValue {
        let limit = Self.pageSize(limit)
        let page = try await store.read { try LocationTables($0).locations(of: site, after: after, limit: limit) }
        let next = page.count == limit ? page.last?.id : nil
        return try JSONValue(encoding: AlertLocationPage(locations: page.map(\.wire), next: next))
    }

    /// A location's visits, newest first, older than visit `before`: `{location, visits, next?}`.
    func visits(at location: String, site: String, before: Int64?, limit: Int) async throws -> JSONValue {
        let limit = Self.pageSize(limit)
        let (unknown, page) = try await store.read {
            (
                try LocationTables($0).location(location, site: site) == nil,
                try LocationTables($0).visits(at: location, site: site, before: before, limit: limit)
            )
        }
        if unknown {
            throw ProtocolError(.notFound, "site \(site) has no location \(location)")
        }
        let next = page.count == limit ? page.last?.id : nil
        return try JSONValue(encoding: AlertVisitPage(location: location, visits: page.map(\.wire), next: next))
    }

    /// The newest snapshot of a location: `{location, snapshot?}` (the thumbnail's hash; none yet, or
    /// for a location the site does not know).
    func newestSnapshot(at location: String, site: String) async throws -> JSONValue {
        let hash = try await store.read { try LocationTables($0).newestSnapshot(at: location, site: site) }
        return .object(["location": .string(location), "snapshot": hash.map(JSONValue.string) ?? .null])
    }

    private static func pageSize(_ asked: Int) -> Int {
        min(max(asked, 1), maxPageSize)
    }
}
