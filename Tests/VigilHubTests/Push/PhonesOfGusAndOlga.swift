import VigilCore
import VigilTestSupport

extension Engine {
    /// hq's guard gus and operator olga, signed in, each with a phone registered at `endpoint`
    /// followed by their name.
    func gusAndOlgaWithPhones(at endpoint: String) async throws -> (gus: Connection, olga: Connection) {
        let gus = try await connect("guard")
        let olga = try await connect("operator")
        _ = try await gus.publish("push/hq", "register_phone", browserSubscription(endpoint + "gus"))
        _ = try await olga.publish("push/hq", "register_phone", browserSubscription(endpoint + "olga"))
        return (gus, olga)
    }
}
