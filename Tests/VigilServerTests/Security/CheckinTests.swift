import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct CheckinTests {
    /// Creates a checkpoint with the command line, as an admin would, and returns its QR code text.
    private func createCheckpoint(_ hub: TestHub, site: String = "hq", name: String, every: String) async throws -> String {
        let created = try await runVigil([
            "checkpoint", "create", "--site", site, "--name", name, "--every", every, "--url", hub.url, "--token", hub.token("admin"),
            "--ca", hub.caFile,
        ])
        #expect(created.status == 0)
        let line = try #require(created.output.split(separator: "\n").first { $0.hasPrefix("QR code: ") }, "\(created.output)")
        return String(line.dropFirst("QR code: ".count))
    }

    private func checkIn(_ client: VigilClient, code: String, site: String = "hq") async throws -> [String: JSONValue] {
        try await client.request(.publish(topic: "checkins/\(site)", type: "check_in", data: ["code": .string(code)]))
    }

    @Test func aGuardChecksInWithTheSignedCodeAndTheRoomSeesIt() async throws {
        try await withHub { hub async throws in
            let code = try await createCheckpoint(hub, name: "Gate B", every: "30m")
            #expect(code.hasPrefix("vigil-checkpoint:v1:hq:cp_"))
            let room = hub.client("operator")
            let stream = try await room.subscribe("checkins/hq")
            let state = try await collect(1, from: stream)[0]
            let checkpoint = try #require(state.data["checkpoints"]?.arrayValue?.first)
            #expect(checkpoint["name"] == "Gate B" && checkpoint["everyMs"] == 1_800_000)
            #expect(state.data["head"] == 1, "the creation is an event")
            #expect(try await room.history(topic: "checkins/hq").first?.data["checkpoint"]?["code"] == nil, "the code is never broadcast")

            let guardClient = hub.client("guard")
            let checkedIn = try await guardClient.checkIn(site: "hq", code: code)
            #expect(checkedIn.guard == "gus" && checkedIn.name == "Gate B" && checkedIn.checkpoint == checkpoint["id"]?.stringValue)
            let recorded = try await collect(1, from: stream)[0]
            #expect(recorded.type == "checkin.recorded" && recorded.seq == 2 && recorded.from == "gus")
            #expect(recorded.data["checkpoint"] == checkpoint["id"])
            #expect(recorded.data["nextDueAt"]?.numberValue == Double(recorded.ts + 1_800_000))
            for client in [room, guardClient] { await client.close() }
        }
    }

    @Test func forgedAlteredAndOtherSiteCodesAreRefused() async throws {
        try await withHub { hub async throws in
            let code = try await createCheckpoint(hub, name: "Gate B", every: "30m")
            let depotCode = try await createCheckpoint(hub, site: "depot", name: "Yard", every: "1h")
            var parts = code.split(separator: ":").map(String.init)
            let guardClient = hub.client("guard")
            let signature = parts[4]
            parts[3] = "cp_madeup"
            #expect(
                await refusalCode { _ = try await checkIn(guardClient, code: parts.joined(separator: ":")) } == "invalid_checkpoint_code",
                "another id under the same signature")
            parts = code.split(separator: ":").map(String.init)
            parts[4] = String(signature.reversed())
            #expect(
                await refusalCode { _ = try await checkIn(guardClient, code: parts.joined(separator: ":")) } == "invalid_checkpoint_code",
                "an altered signature")
            parts[2] = "depot"
            parts[4] = signature
            #expect(
                await refusalCode { _ = try await checkIn(guardClient, code: parts.joined(separator: ":")) } == "invalid_checkpoint_code",
                "moved to another site")
            #expect(
                await refusalCode { _ = try await checkIn(guardClient, code: depotCode) } == "invalid_checkpoint_code",
                "a genuine code of another site")
            #expect(
                await refusalCode { _ = try await checkIn(guardClient, code: depotCode, site: "depot") } == "forbidden",
                "a site the guard's token does not cover")
            #expect(await refusalCode { _ = try await checkIn(guardClient, code: "https://example.com/checkin?id=1") } == "invalid_checkpoint_code")
            #expect(await refusalCode { _ = try await checkIn(guardClient, code: "") } == "invalid_data")
            let room = hub.client("operator")
            #expect(await refusalCode { _ = try await checkIn(room, code: code) } == "forbidden", "operators do not patrol")
            #expect(
                await refusalCode {
                    _ = try await guardClient.request(
                        .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Mine", "every": "1m"]))
                } == "forbidden")
            #expect(
                await refusalCode {
                    _ = try await room.request(.publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Fast", "every": "10ms"]))
                } == "invalid_data")
            let admin = hub.client("admin")
            #expect(try await admin.history(topic: "checkins/hq").map(\.type) == ["checkpoint.created"], "no refused check-in was recorded")
            for client in [guardClient, room, admin] { await client.close() }
        }
    }

    @Test func aCheckpointNotVisitedInItsIntervalRaisesAMissedCheckpointAlert() async throws {
        try await withHub { hub async throws in
            let room = hub.client("operator")
            let alerts = try await room.subscribe("alerts/hq")
            _ = try await collect(1, from: alerts)
            let admin = hub.client("admin")
            let created = try await admin.request(
                .publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Roof door", "every": "4s"]))
            let code = try #require(created["code"]?.stringValue)
            // Visited halfway through the interval, then left alone: the alert comes one interval
            // after the check-in, not after the creation.
            let guardClient = hub.client("guard")
            try await hub.advance(by: .seconds(2))
            _ = try await checkIn(guardClient, code: code)
            try await hub.advance(by: .milliseconds(3999))
            #expect(try await room.history(topic: "alerts/hq").isEmpty, "not missed a millisecond before the interval is over")
            try await hub.advance(by: .milliseconds(1))
            let missed = try await collect(1, from: alerts, timeout: .seconds(10))[0]
            #expect(missed.type == "alert.raised")
            #expect(missed.data["alert"]?["kind"] == "missed-checkpoint")
            #expect(missed.data["alert"]?["message"] == "Roof door was not visited within 4s")
            #expect(missed.data["checkpoint"]?["name"] == "Roof door")
            let checkIns = try await room.history(topic: "checkins/hq")
            let checkedInAt = try #require(checkIns.first { $0.type == "checkin.recorded" }?.ts)
            #expect(missed.ts - checkedInAt == 4000, "the interval runs from the last check-in")
            #expect(checkIns.last?.type == "alert.raised", "checkins/hq hears of the missed round too")
            for client in [room, guardClient, admin] { await client.close() }
        }
    }

    @Test func anOperatorGivesARoundToAGuardFromTheCommandLineAndANameNoGuardOfTheSiteHasIsRefused() async throws {
        try await withHub { hub async throws in
            let code = try await createCheckpoint(hub, name: "Roof door", every: "30m")
            let checkpoint = String(code.split(separator: ":")[3])
            @Sendable func assign(_ who: [String]) async throws -> (status: Int32, output: String, errors: String) {
                try await runVigilTellingErrors(
                    ["checkpoint", "assign", "--site", "hq", "--checkpoint", checkpoint] + who + [
                        "--url", hub.url, "--token", hub.token("operator"), "--ca", hub.caFile,
                    ])
            }
            let given = try await assign(["--guard", "gus"])
            #expect(given.status == 0 && given.output == "checkpoint \(checkpoint) at hq: gus's round\n", "\(given.errors)")
            let refused = try await assign(["--guard", "dora"])
            #expect(refused.status != 0 && refused.errors.contains("no guard named dora covers site hq"), "\(refused.errors)")
            let admin = hub.client("admin")
            var events = try await admin.subscribe("checkins/hq").makeAsyncIterator()
            let state = try await events.next()
            #expect(state?.data["checkpoints"]?.arrayValue?.first?["assignedGuard"] == "gus", "the refusal left gus's round as it was")
            await admin.close()
            let nobody = try await assign(["--nobody"])
            #expect(nobody.status == 0 && nobody.output.hasSuffix("nobody's round in particular\n"))
        }
    }
}
