import VigilCore

/// What raising an alert did: a new alert, or more motion at a location already being visited,
/// which raises none (docs/protocol.md §6.3).
public enum RaisedAlert: Sendable, Equatable {
    /// A new alert, as the hub stored it (its id, state and the time it was raised).
    case alert(Alert)
    /// No new alert: the location was already being visited, and the motion was added to that visit.
    case moreMotion(VisitMotion)
}

/// Alerts for sensors, guards' devices and scripts (docs/protocol.md §6.3), on `alerts/{site}`.
/// Follow a site's alerts with `subscribe("alerts/{site}")` and read each event's `data` with
/// `event.data.decode(...)`: `AlertsState` first, then `AlertChanged`, `AlertDecided`,
/// `VisitMotion` or `VisitEnded` by `AlertEventType(rawValue: event.type)`.
extension VigilClient {
    /// Raises an alert at `site`; `thumbnails` are hashes of snapshots uploaded first
    /// (`HubHTTP.uploadThumbnail`). Without `severity` the hub gives the kind's default.
    public func raiseAlert(
        site: String, kind: String, message: String? = nil, severity: Int? = nil, location: String? = nil, locationName: String? = nil,
        thumbnails: [String] = []
    ) async throws -> RaisedAlert {
        let raise = AlertCommand.Raise(
            kind: kind, severity: severity, message: message, location: location, locationName: locationName,
            thumbnails: thumbnails.isEmpty ? nil : thumbnails)
        let ok = try await command("alerts/\(site)", "raise", raise)
        let raised = ok["data"] ?? .null
        if ok["type"]?.stringValue == AlertEventType.visitMotion.rawValue {
            return .moreMotion(try raised.decode(VisitMotion.self))
        }
        return .alert(try raised.decode(AlertChanged.self).alert)
    }

    /// Acknowledges alert `id` of `site`: once, whoever is first (`invalid_transition` after).
    @discardableResult
    public func acknowledgeAlert(_ id: String, site: String) async throws -> AlertDecided {
        try await decide("acknowledge", site: site, AlertCommand.Decide(alert: id))
    }

    /// Resolves an acknowledged alert, with an optional note.
    @discardableResult
    public func resolveAlert(_ id: String, site: String, note: String? = nil) async throws -> AlertDecided {
        try await decide("resolve", site: site, AlertCommand.Decide(alert: id, note: note))
    }

    private func decide(_ type: String, site: String, _ decision: AlertCommand.Decide) async throws -> AlertDecided {
        let ok = try await command("alerts/\(site)", type, decision)
        return try (ok["data"] ?? .null).decode(AlertDecided.self)
    }
}
