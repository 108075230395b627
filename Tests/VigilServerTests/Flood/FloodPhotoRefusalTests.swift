import Foundation
import Testing
import VigilClient
import VigilCore
import VigilStore

/// A photo sent with a marker is kept only if the marker is: whatever refuses the marker, over
/// HTTP or the legacy XML, the photo is neither served nor stored.
@Suite(.timeLimit(.minutes(10))) struct FloodPhotoRefusalTests {
    @Test func aRefusedReportKeepsNoPhotoOverHTTPOrTheLegacyXML() async throws {
        try await withHub { hub async throws in
            _ = try await FloodFixture.make(hub, anonymous: true)
            let photo = try Data(contentsOf: fixtureImage("snapshot.jpg"))
            let hash = try sha256(of: fixtureImage("snapshot.jpg"))
            let future = hub.clock.milliseconds() + 3_600_000

            let refusedOverHTTP: [(String, JSONValue)] = [
                ("outside every boundary", ["latitude": 10, "longitude": 10, "severity": 3]),
                ("severity 9", ["latitude": 46.9, "longitude": -96.8, "severity": 9]),
                ("latitude 91", ["latitude": 91, "longitude": -96.8, "severity": 3]),
                ("a future observedAt", ["latitude": 46.9, "longitude": -96.8, "severity": 3, "observedAt": .number(Double(future))]),
                (
                    "2,001 characters of text",
                    ["latitude": 46.9, "longitude": -96.8, "severity": 3, "description": .string(String(repeating: "w", count: 2001))]
                ),
            ]
            for (reason, report) in refusedOverHTTP {
                guard case .object(var fields) = report else { continue }
                fields["photo"] = .string(photo.base64EncodedString())
                let answer = try await curl(
                    "\(hub.httpsBase)/api/flood/regions/red-river/markers", caFile: hub.caFile, method: "POST",
                    headers: ["Content-Type": "application/json"], body: JSONValue.object(fields).canonicalText)
                #expect(answer.status == 400, "\(reason): \(answer.status) \(answer.body)")
                try await expectNoPhoto(hash, in: hub, after: reason)
            }

            let chicago = try #require(TimeZone(identifier: "America/Chicago"))
            let tomorrow = LocalTimestamp(Date(timeIntervalSince1970: Double(future) / 1000 + 86_400), in: chicago).description
            let refusedOverXML: [(String, String)] = [
                ("outside every boundary", LegacyFloodClient.submitMarker(location: "47.5,-96.8", image: photo)),
                ("severity 9", LegacyFloodClient.submitMarker(severity: "9", image: photo)),
                ("latitude 91", LegacyFloodClient.submitMarker(location: "91,-96.8", image: photo)),
                ("a future observation time", LegacyFloodClient.submitMarker(time: tomorrow, image: photo)),
                ("2,001 characters of comment", LegacyFloodClient.submitMarker(comment: String(repeating: "w", count: 2001), image: photo)),
            ]
            let app = LegacyFloodClient(hub)
            for (reason, document) in refusedOverXML {
                let answer = try await app.post(document)
                let failed = answer.status == 200 ? try FloodXMLParser.parseResponse(Data(answer.body.utf8)) : nil
                guard answer.status == 400 || failed.map(Self.isFailedSubmission) == true else {
                    Issue.record("\(reason): the marker was not refused: \(answer.status) \(answer.body)")
                    continue
                }
                try await expectNoPhoto(hash, in: hub, after: "SubmitMarker, \(reason)")
            }
            #expect(try await reportCount(hub) == 0, "no refused marker was stored either")

            // The same photo with an acceptable report is stored and served: the checks above can see it.
            guard case .submitMarker(let result) = try await app.command(LegacyFloodClient.submitMarker(image: photo)) else {
                throw TimedOut(what: "a SubmitMarker answer")
            }
            #expect(result.status == .markerAndImageAdded, "\(result.message)")
            let saved = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-flood-photo-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: saved) }
            #expect(try await curl("\(hub.httpsBase)/thumbnails/\(hash)", caFile: hub.caFile, saveBodyTo: saved).status == 200)
            #expect(try Data(contentsOf: saved) == photo)
            #expect(try await thumbnailRows(hub) == 1)
        }
    }

    private static func isFailedSubmission(_ response: FloodResponse) -> Bool {
        guard case .submitMarker(let result) = response else { return false }
        return result.status == .failed
    }

    private func expectNoPhoto(_ hash: String, in hub: TestHub, after reason: String) async throws {
        #expect(try await curl("\(hub.httpsBase)/thumbnails/\(hash)", caFile: hub.caFile).status == 404, "\(reason): the photo is served")
        #expect(try await thumbnailRows(hub) == 0, "\(reason): the photo is stored")
    }

    /// Rows of the thumbnail store, read from the hub's database file.
    private func thumbnailRows(_ hub: TestHub) async throws -> Int64 {
        try await hub.databaseFile().read { try $0.fetchInteger("SELECT COUNT(*) FROM thumbnails", []) ?? -1 }
    }

    private func reportCount(_ hub: TestHub) async throws -> Int {
        let admin = hub.client("admin")
        defer { Task { await admin.close() } }
        return try await admin.history(topic: "flood/red-river/reports").filter { $0.type == "marker.submitted" }.count
    }

    /// The file's SHA-256 as coreutils computes it: the name the hub would give the photo.
    private func sha256(of file: URL) throws -> String {
        let (status, output) = try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
        try #require(status == 0, "\(output)")
        return String(output.prefix(64))
    }
}
