import ArgumentParser
import Foundation
import VigilClient
import VigilCore
import VigilDemo

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Play a demo site on a running hub (sensors, guards, an operator) until Ctrl-C, e.g. `vigil demo --token vgl_...`.",
        discussion: """
            With an admin token, makes the site (one that exists is re-used), tokens for its sensors, two guards \
            and an operator (valid for 24h), a camera wall of two floors and two checkpoints; then plays them at a \
            steady human pace: motion and door alerts with snapshots, acknowledgements and resolutions, cameras \
            put on the guards' phones and swipes, check-ins, notices. It prints the dashboard's address and one \
            line per action.
            """)
    @Option(help: "Site to make or re-use.") var site = "demo"
    @Option(help: "How many times faster than a person (at 1, an action every 2 to 4 s).") var pace = 1.0
    @Option(help: "Stop after this long: 90s, 10m, 1h (default: at Ctrl-C).") var duration: String?
    @Option(help: "Stop after this many actions.") var steps: Int?
    @Option(help: "Seed of the choices; the same seed plays the same run (default: a random one, printed).") var seed: UInt64?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard pace > 0 else { throw ValidationError("--pace must be above 0") }
        if let duration, DurationText.milliseconds(duration) == nil { throw ValidationError("--duration takes a duration such as 90s, 10m or 1h") }
        if let steps, steps < 1 { throw ValidationError("--steps must be at least 1") }
    }

    func run() async throws {
        let hub = try connection.clientConfiguration()
        let settings = DemoSettings(
            site: site, pace: pace, seed: seed ?? .random(in: 0...UInt64.max), steps: steps,
            duration: duration.flatMap(DurationText.milliseconds).map { .milliseconds($0) })
        let demo = Demo(hub: hub, settings: settings, say: say)
        do {
            try await untilInterrupted { try await demo.run() }
        } catch {
            tell(error, command: "demo", connection: connection)
            throw ExitCode(2)
        }
    }
}

/// Runs `body` in a task that the first Ctrl-C cancels, so that it can stop cleanly; a second
/// Ctrl-C ends the process at once.
func untilInterrupted(_ body: @escaping @Sendable () async throws -> Void) async throws {
    let task = Task { try await body() }
    signal(SIGINT, SIG_IGN)
    let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    interrupts.setEventHandler {
        signal(SIGINT, SIG_DFL)
        task.cancel()
    }
    interrupts.resume()
    defer { interrupts.cancel() }
    try await task.value
}
