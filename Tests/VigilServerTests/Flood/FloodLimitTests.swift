import Foundation
import Testing
import VigilClient
import VigilCore

/// Flood regions, a region's boundaries and its events stop at their documented limits: one more
/// is `limit_reached` (409 over HTTP) and stores nothing.
@Suite(.timeLimit(.minutes(10))) struct FloodLimitTests {
    @Test func regionsBoundariesAndEventsStopAtTheirLimits() async throws {
        try await withHub(tweak: { $0.messagesPerSecond = 100_000 }) { hub async throws in
            let admin = hub.client("admin")
            try await concurrently(1...200) { number in
                _ = try await admin.createFloodRegion("region-\(number)", name: "Region \(number)", timeZone: "UTC")
            }
            #expect(await refusalCode { _ = try await admin.createFloodRegion("one-more", name: "One more", timeZone: "UTC") } == "limit_reached")
            let overHTTP = try await hub.api(
                "POST", "/api/flood/regions", as: "admin", body: ["id": "by-http", "name": "By HTTP", "timeZone": "UTC"])
            #expect(overHTTP.status == 409 && json(overHTTP.body)["code"] == "limit_reached", "\(overHTTP.body)")
            #expect(try await regionCount(hub) == 200)
            #expect(try await admin.history(topic: "flood/one-more").isEmpty)
            #expect(try await admin.history(topic: "flood/by-http").isEmpty)

            let fargo = (north: 46.95, west: -96.9)
            try await concurrently(1...100) { number in
                _ = try await admin.addFloodBoundary(
                    region: "region-1", name: "Box \(number)", northWest: GeoPoint(latitude: fargo.north, longitude: fargo.west),
                    southEast: GeoPoint(latitude: fargo.north - 0.1, longitude: fargo.west + 0.1))
            }
            #expect(
                await refusalCode {
                    _ = try await admin.addFloodBoundary(
                        region: "region-1", name: "Box 101", northWest: GeoPoint(latitude: 10, longitude: 10),
                        southEast: GeoPoint(latitude: 9, longitude: 11))
                } == "limit_reached")
            let boundaries = try await admin.history(topic: "flood/region-1", limit: 500).filter { $0.type == "boundary.added" }
            #expect(boundaries.count == 100)
            // The limit is the region's: another region still takes a boundary.
            _ = try await admin.addFloodBoundary(
                region: "region-2", name: "Elsewhere", northWest: GeoPoint(latitude: 10, longitude: 10),
                southEast: GeoPoint(latitude: 9, longitude: 11))

            let boundary = try #require(boundaries.first?.data["boundary"]?["id"]?.numberValue.map(Int64.init))
            try await concurrently(1...500) { number in
                _ = try await admin.openFloodEvent(region: "region-1", boundary: boundary, name: "Flood \(number)")
            }
            let first = try #require(try await admin.history(topic: "flood/region-1", limit: 500).first { $0.type == "event.opened" })
            _ = try await admin.closeFloodEvent(region: "region-1", event: try #require(first.data["event"]?["id"]?.numberValue.map(Int64.init)))
            #expect(
                await refusalCode {
                    _ = try await admin.openFloodEvent(region: "region-1", boundary: boundary, name: "Flood 501")
                } == "limit_reached", "a closed event is kept, and still counts")
            let opened = try await hub.api(
                "POST", "/api/publish", as: "operator",
                body: [
                    "topic": "flood/region-1", "type": "open_event", "data": ["boundary": .number(Double(boundary)), "name": "By HTTP"],
                ])
            #expect(opened.status == 409 && json(opened.body)["code"] == "limit_reached", "\(opened.body)")
            let regions = json(try await hub.api("GET", "/api/flood/regions", as: "guard").body)["regions"]?.arrayValue ?? []
            #expect(regions.first { $0["region"]?["id"] == "region-1" }?["events"]?.arrayValue?.count == 499, "the open ones: 500 less the closed")
            await admin.close()
        }
    }

    private func regionCount(_ hub: TestHub) async throws -> Int? {
        json(try await hub.api("GET", "/api/flood/regions", as: "guard").body)["regions"]?.arrayValue?.count
    }

    /// Runs `body` for each number at once, as a client with many requests in flight.
    private func concurrently(_ numbers: ClosedRange<Int>, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in numbers {
                group.addTask { try await body(number) }
            }
            try await group.waitForAll()
        }
    }
}
