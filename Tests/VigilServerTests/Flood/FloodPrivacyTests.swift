import Foundation
import Testing
import VigilClient
import VigilCore

/// A reporter's name, e-mail and phone reach moderators alone: every way the public reads a region
/// (its topic's state and log, a near topic, the marker files whole and as deltas, the region
/// listing) is read after two reports with all three were approved and one of them taken down.
@Suite(.timeLimit(.minutes(10))) struct FloodPrivacyTests {
    private static let contact = ["rita", "rita@example.com", "555 0100"]

    @Test func aReportersNameAndContactReachNoPublicReader() async throws {
        try await withHub { hub async throws in
            let fixture = try await FloodFixture.make(hub)
            let reporter = fixture.reporter(hub)
            let watcher = hub.client("guard")
            let near = try await watcher.subscribe(FloodFixture.nearInside)
            _ = try await collect(1, from: near)
            let ids = try await FloodFixture.submit([FloodFixture.report(), FloodFixture.report(severity: 5)], as: reporter)
            let room = hub.client("operator")
            _ = try await room.approveFloodMarkers(region: "red-river", .markers(ids))
            _ = try await room.removeFloodMarkers(region: "red-river", [ids[1]])

            var seen: [String] = []
            for event in try await collect(2, from: near) { seen.append("\(event.from) \(event.data.canonicalText)") }
            for event in try await watcher.history(topic: "flood/red-river") { seen.append("\(event.from) \(event.data.canonicalText)") }
            seen.append(try await collect(1, from: try await watcher.subscribe("flood/red-river"))[0].data.canonicalText)
            let files = "\(hub.httpsBase)/api/flood/events/\(fixture.event)/markers"
            for path in [
                "\(files).geojson", "\(files).geojson?since=0", "\(files).kml", "\(files).kml?since=0", "\(hub.httpsBase)/api/flood/regions",
            ] {
                let answer = try await curl(path, caFile: hub.caFile)
                #expect(answer.status == 200, "\(path)")
                seen.append(answer.body)
            }
            let everything = seen.joined(separator: "\n")
            #expect(everything.contains("Water over the road"), "the public reads the report itself")
            for hidden in Self.contact {
                #expect(!everything.contains(hidden), "\(hidden) is nowhere the public reads")
            }
            for client in [reporter, watcher, room] { await client.close() }
        }
    }
}
