import VigilCore

/// Web Push over the WebSocket (docs/protocol.md §6.10): the phones this token registered on a
/// site, and what the signed-in person wants pushed to them. A page's phone is registered by the
/// page (its service worker holds the subscription); a device or a script registers its own here.
extension VigilClient {
    /// Registers a browser's push subscription for this token on `site`, in place of the endpoint
    /// `registration.replaces` names. An endpoint that is not a public `https` URL, or keys that
    /// are not a P-256 point and a 16-byte secret, are `invalid_data` and store nothing.
    public func registerPhone(_ registration: PhoneRegistration, site: String) async throws {
        _ = try await command("push/\(site)", "register_phone", registration)
    }

    /// Removes the phone this token registered on `site` at `endpoint` (`not_found` when it did not).
    public func removePhone(endpoint: String, site: String) async throws {
        _ = try await command("push/\(site)", "remove_phone", PhoneRemoval(endpoint: endpoint))
    }

    /// This token's push settings on `site`: everything pushed, at any hour, until some are set.
    public func pushSettings(site: String) async throws -> PushSettings {
        try await query(topic: "push/\(site)", type: "settings").decode(PushSettings.self, field: "result")
    }

    /// Sets this token's push settings on `site`, over the ones it had; bad times or offsets are
    /// `invalid_data` and change nothing.
    public func setPushSettings(_ settings: PushSettings, site: String) async throws {
        _ = try await command("push/\(site)", "set_settings", settings)
    }
}
