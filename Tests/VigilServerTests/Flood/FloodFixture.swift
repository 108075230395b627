import Foundation
import Testing
import VigilClient
import VigilCore

/// A flood region for the flood tests: `red-river` (America/Chicago) with the seed's Fargo boundary
/// and an open event on it, and a reporter token, `rita`.
struct FloodFixture {
    static let region = "red-river"
    /// Inside Fargo's box (46.8...46.95, -96.9...-96.75).
    static let inside = try! GeoPoint(latitude: 46.9, longitude: -96.8)
    /// The near topic of 2 km around `inside`.
    static let nearInside = "flood/red-river/near/46.9/-96.8/2000"
    let boundary: Int64
    let event: Int64
    let reporterToken: String

    /// Creates the region, its boundary and event as an admin and an operator would.
    static func make(_ hub: TestHub, anonymous: Bool = false) async throws -> FloodFixture {
        let boundaryID = try await makeRegion(hub, anonymous: anonymous)
        let room = hub.client("operator")
        let event = try await room.openFloodEvent(region: region, boundary: boundaryID, name: "Spring 2026")
        await room.close()
        return FloodFixture(
            boundary: boundaryID, event: event.id, reporterToken: try await issueReporterToken(hub))
    }

    /// The region and its boundary, Fargo, without an event; the boundary's number.
    static func makeRegion(_ hub: TestHub, anonymous: Bool = false) async throws -> Int64 {
        let admin = hub.client("admin")
        _ = try await admin.createFloodRegion(region, name: "Red River", timeZone: "America/Chicago", anonymous: anonymous)
        let boundary = try await admin.addFloodBoundary(
            region: region, name: "Fargo", northWest: GeoPoint(latitude: 46.95, longitude: -96.9),
            southEast: GeoPoint(latitude: 46.8, longitude: -96.75))
        await admin.close()
        return boundary.id
    }

    /// A reporter token, rita's.
    static func issueReporterToken(_ hub: TestHub) async throws -> String {
        let issued = try await hub.api("POST", "/api/tokens", as: "admin", body: ["role": "reporter", "name": "rita", "sites": ["hq"]])
        return try #require(json(issued.body)["secret"]?.stringValue, "\(issued.body)")
    }

    func reporter(_ hub: TestHub) -> VigilClient {
        VigilClient(configuration: ClientConfiguration(url: hub.url, token: reporterToken, caFile: hub.caFile))
    }

    /// Submits the reports one after the other; their numbers, in order.
    static func submit(_ reports: [FloodReport], as reporter: VigilClient) async throws -> [Int64] {
        var ids: [Int64] = []
        for report in reports {
            ids.append(try await reporter.submitFloodMarker(region: region, report).id)
        }
        return ids
    }

    static func report(
        _ point: GeoPoint = inside, severity: Int = 3, description: String = "Water over the road", email: String? = "rita@example.com",
        phone: String? = "+1 701 555 0100"
    ) -> FloodReport {
        FloodReport(position: point, severity: severity, description: description, email: email, phone: phone)
    }
}

/// A region across the antimeridian, `fiji`, with a boundary from 179.5° east to 179.5° west
/// (latitudes -16.6...-17.1) and an open event on it; returns the boundary's number.
func makeFijiRegion(_ admin: VigilClient) async throws -> Int64 {
    _ = try await admin.createFloodRegion("fiji", name: "Fiji", timeZone: "Pacific/Fiji")
    let boundary = try await admin.addFloodBoundary(
        region: "fiji", name: "Taveuni", northWest: GeoPoint(latitude: -16.6, longitude: 179.5),
        southEast: GeoPoint(latitude: -17.1, longitude: -179.5))
    _ = try await admin.openFloodEvent(region: "fiji", boundary: boundary.id, name: "Cyclone")
    return boundary.id
}

/// The marker number in a record the hub returned as JSON (over HTTP, in an event).
func markerID(_ marker: JSONValue) throws -> Int64 {
    try #require(marker["id"]?.numberValue.map(Int64.init))
}
