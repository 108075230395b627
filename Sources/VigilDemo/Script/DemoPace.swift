/// Turns the scene's seconds into real waiting: `pace` times faster than at a person's pace,
/// through a sleep that is given (tests pass one that plays fast).
struct DemoPace: Sendable {
    let pace: Double
    let sleep: @Sendable (Duration) async throws -> Void

    func wait(_ sceneSeconds: Double) async throws {
        try await sleep(.seconds(sceneSeconds / pace))
    }
}
