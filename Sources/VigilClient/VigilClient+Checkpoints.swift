import VigilCore

/// Patrol checkpoints over the WebSocket (docs/protocol.md §6.5): whose round each is.
extension VigilClient {
    /// Gives the round of `checkpoint` (its id) on `site` to the guard named `guardName` (a guard's
    /// token name covering the site), or to nobody in particular when nil; the guard's phones then
    /// hear of a missed round. An unknown checkpoint or a name no guard of the site has is
    /// `not_found` and changes nothing. Needs an admin or operator token.
    public func assignCheckpoint(_ checkpoint: String, site: String, to guardName: String?) async throws {
        _ = try await publish(
            topic: "checkins/\(site)", type: "assign_checkpoint",
            data: ["checkpoint": .string(checkpoint), "guard": guardName.map(JSONValue.string) ?? .null])
    }
}
