import VigilCore

/// Web Push settings over the WebSocket (docs/protocol.md §6.10): what the signed-in person wants
/// pushed to their phones on a site. Registering a phone is the browser's part (its service worker
/// holds the subscription); these calls read and change what is sent to it.
extension VigilClient {
    /// This token's push settings on `site`: everything pushed, at any hour, until some are set.
    public func pushSettings(site: String) async throws -> PushSettings {
        try await query(topic: "push/\(site)", type: "settings").decode(PushSettings.self, field: "result")
    }

    /// Sets this token's push settings on `site`, over the ones it had; bad times or offsets are
    /// `invalid_data` and change nothing.
    public func setPushSettings(_ settings: PushSettings, site: String) async throws {
        _ = try await publish(topic: "push/\(site)", type: "set_settings", data: JSONValue(encoding: settings))
    }
}
