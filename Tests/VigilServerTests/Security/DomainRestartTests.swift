import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct DomainRestartTests {
    /// The hub is killed (-9) right after an alert, a visit and a checkpoint begin, and stays down
    /// past every one of their deadlines. Started again, it loses none of them and fires each timer
    /// exactly once: the escalation, the end of the visit and the missed round.
    @Test func timersResumeAfterKillNineAndFireOnce() async throws {
        let hub = try HubProcess()
        try await hub.command(["site", "create", "hq", "--escalate-after", "2s", "--quiet-after", "2s"])
        let deviceToken = try await hub.token(["--role", "device", "--site", "hq", "--name", "pir-1"])
        let adminToken = try await hub.token(["--role", "admin", "--all-sites", "--name", "root"])
        try await hub.start()

        func client(_ token: String) -> VigilClient {
            VigilClient(configuration: ClientConfiguration(url: hub.url, token: token, caFile: hub.caFile))
        }
        let device = client(deviceToken)
        let raised = try await device.request(.publish(topic: "alerts/hq", type: "raise", data: ["kind": "motion", "location": "gate"]))
        let alertID = try #require(raised["data"]?["alert"]?["id"])
        let admin = client(adminToken)
        let created = try await admin.request(.publish(topic: "checkins/hq", type: "create_checkpoint", data: ["name": "Gate", "every": "3s"]))
        #expect(created["code"] != nil)
        await device.close()
        await admin.close()
        hub.kill()

        try await Task.sleep(for: .seconds(4))
        try await hub.start()
        let reader = client(adminToken)
        // Settled once the escalation, the end of the visit and the first missed round are in. (Not
        // "exactly two alerts raised": the next round raises a third 3 s later, and on a busy
        // machine the first poll that sees the other two can come after it. Firing twice is
        // checked below, from the timestamps.)
        let settled = await eventually(timeout: .seconds(30)) {
            let history = (try? await reader.history(topic: "alerts/hq")) ?? []
            let types = history.map(\.type)
            let missedRound = history.contains { $0.type == "alert.raised" && $0.data["alert"]?["kind"] == "missed-checkpoint" }
            return types.contains("alert.escalated") && types.contains("visit.ended") && missedRound
        }
        #expect(settled)
        // Two more ticks: nothing fires twice.
        try await Task.sleep(for: .milliseconds(2500))
        let history = try await reader.history(topic: "alerts/hq")
        let escalatedIDs = history.filter { $0.type == "alert.escalated" }.compactMap { $0.data["alert"]?["id"] }
        #expect(escalatedIDs.filter { $0 == alertID }.count == 1, "the motion alert escalates once")
        #expect(Set(escalatedIDs).count == escalatedIDs.count, "no alert escalates twice")
        #expect(history.filter { $0.type == "visit.ended" }.count == 1)
        // Every round missed while the hub was down makes one alert; later rounds one each, an interval apart.
        let missed = history.filter { $0.type == "alert.raised" && $0.data["alert"]?["kind"] == "missed-checkpoint" }.map(\.ts)
        #expect(!missed.isEmpty)
        #expect(zip(missed, missed.dropFirst()).allSatisfy { $1 - $0 >= 3000 }, "\(missed)")
        #expect(history.map(\.seq) == (1...UInt64(history.count)).map { $0 }, "no gap, no repeat")
        // Read after the alerts' history: a missed round may have escalated in between, so the
        // wider audience's list starts with the same escalations and may hold one more.
        let escalated = try await reader.history(topic: "alerts/hq/escalated").map { $0.data["alert"]?["id"] }
        #expect(Array(escalated.prefix(escalatedIDs.count)) == escalatedIDs, "each escalation reaches the wider audience")
        await reader.close()
        await hub.stop()
    }
}
