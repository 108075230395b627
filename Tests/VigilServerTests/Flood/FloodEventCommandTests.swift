import Foundation
import Testing

/// The flood workflow from the command line alone: an admin makes the region and a boundary, an
/// operator opens an event on it with `vigil flood event open`, lists it, renames it and closes it.
@Suite(.timeLimit(.minutes(10))) struct FloodEventCommandTests {
    @Test func anOperatorOpensListsRenamesAndClosesAFloodEvent() async throws {
        try await withHub { hub async throws in
            let connection = { (role: String) in ["--url", hub.url, "--token", hub.token(role), "--ca", hub.caFile] }
            _ = try await runVigil(
                ["flood", "region", "create", "red-river", "--name", "Red River", "--time-zone", "America/Chicago"] + connection("admin"))
            _ = try await runVigil(
                [
                    "flood", "boundary", "add", "--region", "red-river", "--name", "Fargo", "--north-west", "46.95,-96.9", "--south-east",
                    "46.8,-96.75",
                ]
                    + connection("admin"))
            let report = ["pub", "flood/red-river/reports", "submit", #"{"latitude":46.9,"longitude":-96.8,"severity":3}"#] + connection("guard")
            #expect(try await runVigil(report).status == 2, "no event is open yet")

            let refused = try await runVigilTellingErrors(
                ["flood", "event", "open", "--region", "red-river", "--boundary", "1", "--name", "Spring 2026"] + connection("guard"))
            #expect(refused.status == 2 && refused.errors.contains("forbidden"), "a guard opens no event: \(refused.errors)")
            let opened = try await runVigil(
                ["flood", "event", "open", "--region", "red-river", "--boundary", "1", "--name", "Spring 2026"] + connection("operator"))
            #expect(opened.status == 0 && opened.output == "flood event 1 \"Spring 2026\" opened on boundary 1 of red-river\n", "\(opened.output)")

            let listed = try await runVigil(["flood", "event", "list"] + connection("guard"))
            #expect(listed.status == 0)
            #expect(
                listed.output.firstMatch(of: /^event 1 "Spring 2026": red-river, boundary 1 "Fargo", opened \d{4}-\d\d-\d\d \d\d:\d\d \S+ by olga\n$/)
                    != nil, "\(listed.output)")
            #expect(try await runVigil(report).status == 0, "reports are taken while the event is open")

            let renamed = try await runVigil(
                ["flood", "event", "rename", "--region", "red-river", "1", "--name", "Spring flood 2026"] + connection("operator"))
            #expect(renamed.status == 0 && renamed.output == "flood event 1 of red-river renamed \"Spring flood 2026\"\n", "\(renamed.output)")
            let relisted = try await runVigil(["flood", "event", "list", "--region", "red-river"] + connection("guard"))
            #expect(relisted.output.hasPrefix("event 1 \"Spring flood 2026\": red-river, boundary 1 \"Fargo\""), "\(relisted.output)")

            let closed = try await runVigil(["flood", "event", "close", "--region", "red-river", "1"] + connection("operator"))
            #expect(closed.status == 0 && closed.output == "flood event 1 \"Spring flood 2026\" of red-river closed\n", "\(closed.output)")
            #expect(try await runVigil(["flood", "event", "list", "--region", "red-river"] + connection("guard")).output == "no open flood event\n")
            #expect(try await runVigil(report).status == 2, "reports are refused once it is closed")
            let again = try await runVigilTellingErrors(["flood", "event", "close", "--region", "red-river", "1"] + connection("operator"))
            #expect(again.status == 2 && again.errors.contains("invalid_transition"), "\(again.errors)")
        }
    }
}
