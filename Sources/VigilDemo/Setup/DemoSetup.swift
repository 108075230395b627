import Foundation
import VigilClient
import VigilCore

/// Makes the demo site over the hub's HTTP API with an admin token (docs/protocol.md §12): the
/// site (one that exists is re-used as it is), a token for each member of the cast, the camera
/// wall, then the checkpoints. Running it again against the same hub works: it adds tokens and
/// puts the same cameras up again.
struct DemoSetup: Sendable {
    let admin: ClientConfiguration
    let site: String
    let log: DemoLog

    /// Tokens of the cast, valid for a day: enough for a demo, and they do not linger.
    private static let tokenLifetime = "24h"
    static let sensorName = "demo-sensors"
    static let guardNames = ["demo-guard-ana", "demo-guard-ben"]
    static let controlRoomName = "demo-operator"

    func run() async throws -> DemoStage {
        let http = try await step("reach the hub at \(admin.url)") { try HubHTTP(configuration: admin) }
        let building = DemoBuilding()
        try await step("create the site \(site)") { try await createSite(http) }
        let sensor = try await step("issue the sensors' token") { try await issue(.device, Self.sensorName, http) }
        var guards: [DemoMember] = []
        for name in Self.guardNames {
            guards.append(try await step("issue \(name)'s token") { try await issue(.guard, name, http) })
        }
        let controlRoom = try await step("issue the operator's token") { try await issue(.operator, Self.controlRoomName, http) }
        let guardNames = guards.map(\.name).joined(separator: " and ")
        log.note("Tokens for \(sensor.name) (device), \(guardNames) (guards), \(controlRoom.name) (operator), valid for \(Self.tokenLifetime)")
        try await step("put up the cameras") { try await putCameras(building, http) }
        log.note("Camera wall: \(building.cameras.count) cameras on \(building.floorCount) floors")
        let mainGateCode = try await step("make the checkpoints") {
            try await DemoCheckpoints(site: site, controlRoom: controlRoom, mainGateGuard: guards[0].name, log: log).ensure()
        }
        return DemoStage(
            origin: http.origin, site: site, building: building, sensor: sensor, guards: guards, controlRoom: controlRoom, mainGateCode: mainGateCode)
    }

    private func createSite(_ http: HubHTTP) async throws {
        do {
            try await http.createSite(SiteCreation(id: site, name: DemoBuilding.name, escalateAfter: .text("45s"), quietAfter: .text("20s")))
            log.note("Site \(site) created (\(DemoBuilding.name)): alerts escalate after 45 s, visits end after 20 s without motion")
        } catch ClientError.refused(let refusal) where refusal.code == "already_exists" {
            log.note("Site \(site) exists; the demo uses it as it is")
        }
    }

    private func issue(_ role: Role, _ name: String, _ http: HubHTTP) async throws -> DemoMember {
        let secret = try await http.createToken(TokenCreation(role: role, name: name, sites: [site], expiresIn: .text(Self.tokenLifetime))).secret
        var configuration = admin
        configuration.token = secret
        return DemoMember(name: name, configuration: configuration)
    }

    private func putCameras(_ building: DemoBuilding, _ http: HubHTTP) async throws {
        let topology = try JSONValue(parsing: JSONEncoder().encode(building.topology))
        _ = try await http.send("PUT", "/api/sites/\(site)/cameras", body: .json(topology)).json()
    }

    /// Runs one step; its failure says which step it was.
    private func step<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw DemoSetupError(step: name, cause: error)
        }
    }
}
