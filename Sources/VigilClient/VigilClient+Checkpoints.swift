import VigilCore

/// Patrol checkpoints over the WebSocket (docs/protocol.md §6.5): making them, whose round each
/// is, and a guard's check-in.
extension VigilClient {
    /// Makes a checkpoint of `site` named `name`, to be visited every `every` (`"30m"` or
    /// milliseconds, 1 s to 30 days); returns its id and the text to print as its QR code. Needs an
    /// admin or operator token.
    public func createCheckpoint(site: String, name: String, every: WireDuration) async throws -> CheckpointQRCode {
        let ok = try await command("checkins/\(site)", "create_checkpoint", CheckinCommand.CreateCheckpoint(name: name, every: every))
        return try JSONValue.object(ok).decode(CheckpointQRCode.self, field: "ok")
    }

    /// Gives the round of `checkpoint` (its id) on `site` to the guard named `guardName` (a guard's
    /// token name covering the site), or to nobody in particular when nil; the guard's phones then
    /// hear of a missed round. An unknown checkpoint or a name no guard of the site has is
    /// `not_found` and changes nothing. Needs an admin or operator token.
    public func assignCheckpoint(_ checkpoint: String, site: String, to guardName: String?) async throws {
        _ = try await command(
            "checkins/\(site)", "assign_checkpoint", CheckinCommand.AssignCheckpoint(checkpoint: checkpoint, assignedGuard: guardName))
    }

    /// Checks in at a checkpoint of `site` with `code`, the text its QR code holds; returns the
    /// check-in as recorded, with the time the next round is due. A code that is not the hub's or
    /// is of another site is `invalid_checkpoint_code`. Needs a guard (or admin) token.
    @discardableResult
    public func checkIn(site: String, code: String) async throws -> CheckInRecorded {
        let ok = try await command("checkins/\(site)", "check_in", CheckinCommand.CheckIn(code: code))
        return try (ok["data"] ?? .null).decode(CheckInRecorded.self)
    }
}
