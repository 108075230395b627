import VigilClient

/// One member of the cast: a token's name and how its connections reach the hub.
struct DemoMember: Sendable {
    let name: String
    let configuration: ClientConfiguration
}

/// What setup leaves ready for the play: the site, its building, the cast's tokens and the code
/// the guards check in with at the main gate.
struct DemoStage: Sendable {
    /// The hub's web address, where the dashboard is.
    let origin: String
    let site: String
    let building: DemoBuilding
    let sensor: DemoMember
    let guards: [DemoMember]
    let controlRoom: DemoMember
    let mainGateCode: String
}

/// A step of setup that failed: the demo cannot start (a token that is not an admin's, a hub
/// that cannot be reached).
struct DemoSetupError: Error, CustomStringConvertible {
    let step: String
    let cause: any Error

    var description: String {
        let hint: String
        switch cause as? ClientError {
        case .refused(let refusal) where refusal.code == "unauthorized" || refusal.code == "forbidden":
            hint = " (the demo needs an admin token)"
        default:
            hint = ""
        }
        return "could not \(step): \(cause)\(hint)"
    }
}
