import VigilClient
import VigilCore

/// The demo's checkpoints, made over the WebSocket as the operator: the main gate, where the
/// guards check in on their rounds, given to the first guard (a missed one reaches that guard's
/// phone), and the roof hatch, nobody's round, which nobody visits, so that a missed round is
/// raised every minute (and pushed to every guard's phone). Checkpoints of a site set up before are kept; the main gate's
/// code is then read again (`GET /api/sites/{site}/checkpoints/{id}/code`).
struct DemoCheckpoints: Sendable {
    let site: String
    let controlRoom: DemoMember
    /// The guard whose round the main gate is.
    let mainGateGuard: String
    let log: DemoLog

    static let mainGate = (name: "Main gate", every: "3m")
    static let roofHatch = (name: "Roof hatch", every: "1m")

    /// Makes the checkpoints missing and returns the main gate's code.
    func ensure() async throws -> String {
        let client = VigilClient(configuration: controlRoom.configuration)
        do {
            let code = try await ensure(with: client)
            await client.close()
            return code
        } catch {
            await client.close()
            throw error
        }
    }

    private func ensure(with client: VigilClient) async throws -> String {
        let existing = try await checkpointsByName(client)
        let mainGate = try await ensure(Self.mainGate, purpose: "the guards' round", existing, client)
        try await client.assignCheckpoint(mainGate.id, site: site, to: mainGateGuard)
        log.note("Checkpoint \(Self.mainGate.name) is \(mainGateGuard)'s round")
        _ = try await ensure(Self.roofHatch, purpose: "nobody goes there: a missed round every minute", existing, client)
        return mainGate.code
    }

    /// Makes the checkpoint unless `existing` has it; returns its id and code.
    private func ensure(
        _ checkpoint: (name: String, every: String), purpose: String, _ existing: [String: String], _ client: VigilClient
    ) async throws -> (id: String, code: String) {
        if let id = existing[checkpoint.name] {
            log.note("Checkpoint \(checkpoint.name), every \(checkpoint.every), kept from before: \(purpose)")
            return (id, try await codeAgain(of: id))
        }
        let created = try await client.createCheckpoint(site: site, name: checkpoint.name, every: .text(checkpoint.every))
        log.note("Checkpoint \(checkpoint.name), every \(checkpoint.every): \(purpose)")
        return (created.checkpoint, created.code)
    }

    /// The site's checkpoints from the state that a subscription to `checkins/{site}` starts with.
    private func checkpointsByName(_ client: VigilClient) async throws -> [String: String] {
        var events = try await client.subscribe("checkins/\(site)").makeAsyncIterator()
        guard let state = try await events.next(), state.type == "state" else {
            throw ClientError.unexpectedAnswer("checkins/\(site) did not start with its state")
        }
        let pairs = (state.data["checkpoints"]?.arrayValue ?? []).compactMap { checkpoint -> (String, String)? in
            guard let name = checkpoint["name"]?.stringValue, let id = checkpoint["id"]?.stringValue else { return nil }
            return (name, id)
        }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    private func codeAgain(of checkpoint: String) async throws -> String {
        let answer = try await HubHTTP(configuration: controlRoom.configuration)
            .send("GET", "/api/sites/\(site)/checkpoints/\(checkpoint)/code").json()
        guard let code = answer["code"]?.stringValue else { throw ClientError.unexpectedAnswer("the checkpoint's code is missing") }
        return code
    }
}
