import Testing
import VigilCore
import VigilHub
import VigilTestSupport

/// Flood reports in-process: a reporter's marker waits for the moderators, and once approved the
/// public log has it without who reported it or how to reach them; a report outside every open
/// event's boundary is refused and nothing is stored.
@Suite struct FloodDomainTests {
    static let region = "red-river"
    /// Inside the Fargo boundary of `open(in:)`.
    static let inFargo = try! GeoPoint(latitude: 46.9, longitude: -96.8)

    /// The region, its Fargo boundary and an open event on it, as an admin and an operator make them;
    /// a reporter's session, rita's.
    static func open(in engine: Engine) async throws -> Connection {
        let admin = try await engine.connect("admin")
        _ = try await admin.publish(
            "flood/\(region)", "create_region",
            try JSONValue(encoding: FloodRegionCommand.CreateRegion(name: "Red River", timeZone: "America/Chicago")))
        let added = try await admin.publish(
            "flood/\(region)", "add_boundary",
            try JSONValue(
                encoding: FloodRegionCommand.AddBoundary(
                    name: "Fargo", northWest: FloodWire.Corner(latitude: 46.95, longitude: -96.9),
                    southEast: FloodWire.Corner(latitude: 46.8, longitude: -96.75))))
        let boundary = try #require(added["data"]?["boundary"]?["id"]?.numberValue)
        let olga = try await engine.connect("operator")
        _ = try await olga.publish(
            "flood/\(region)", "open_event", try JSONValue(encoding: FloodRegionCommand.OpenEvent(boundary: Int64(boundary), name: "Spring 2026")))
        let rita = try await engine.issueToken(role: .reporter, sites: ["hq"], name: "rita", expiresAt: nil)
        return try await engine.connect("reporter", secret: rita)
    }

    @Test(arguments: StoreBackEnd.available) func anApprovedMarkerReachesThePublicWithoutItsReporter(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let rita = try await Self.open(in: engine)
        let report = FloodReport(position: Self.inFargo, severity: 3, description: "Water over the road", email: "rita@example.com")
        let submitted = try await rita.publish("flood/\(Self.region)/reports", "submit", try JSONValue(encoding: report))
        let id = try #require(submitted["data"]?["marker"]?["id"]?.numberValue)
        #expect(submitted["data"]?["marker"]?["status"] == "pending")
        let gus = try await engine.connect("guard")
        #expect(
            try await gus.request(.history(topic: "flood/\(Self.region)", before: nil, limit: 10))["events"]?.arrayValue?.count == 3,
            "the public log has the region, its boundary and event, not the pending report")

        let olga = try await engine.connect("operator")
        _ = try await olga.publish("flood/\(Self.region)/reports", "approve", try JSONValue(encoding: FloodModeration.markers([Int64(id)])))
        let events = try await gus.request(.history(topic: "flood/\(Self.region)", before: nil, limit: 10))["events"]?.arrayValue ?? []
        let approved = try #require(events.last)
        #expect(approved["type"] == "markers.approved")
        let marker = try #require(approved["data"]?["markers"]?.arrayValue?.first)
        #expect(marker["id"]?.numberValue == id && marker["description"] == "Water over the road")
        for hidden in ["email", "phone", "reporter", "status"] {
            #expect(marker[hidden] == nil, "the public marker carries no \(hidden)")
        }
        #expect(await refusal { _ = try await gus.request(.history(topic: "flood/\(Self.region)/reports", before: nil, limit: 10)) } == .forbidden)
    }

    @Test(arguments: StoreBackEnd.available) func aReportOutsideEveryOpenEventIsRefusedAndNothingIsStored(_ backEnd: StoreBackEnd) async throws {
        let engine = try await Engine.start(on: backEnd)
        let rita = try await Self.open(in: engine)
        let minneapolis = FloodReport(position: try GeoPoint(latitude: 44.98, longitude: -93.27), severity: 3)
        #expect(
            await refusal { _ = try await rita.publish("flood/\(Self.region)/reports", "submit", try JSONValue(encoding: minneapolis)) }
                == .outsideBoundary)
        let tooSevere = FloodReport(position: Self.inFargo, severity: 9)
        #expect(
            await refusal { _ = try await rita.publish("flood/\(Self.region)/reports", "submit", try JSONValue(encoding: tooSevere)) } == .invalidData
        )
        let olga = try await engine.connect("operator")
        #expect(try await olga.request(.history(topic: "flood/\(Self.region)/reports", before: nil, limit: 10))["events"] == [])
    }
}
