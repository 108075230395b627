import ArgumentParser
import Foundation
import VigilClient
import VigilCore
import VigilDemo

struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: "Play a simulated source of data against a running hub.", subcommands: [Detections.self])

    struct Detections: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Be an analytics backend for a site's cameras, e.g. `vigil simulate detections --site hq --token vgl_...` (an admin token: it reads the camera wall and publishes detections).",
            discussion: """
                People walk across the cameras of the site's topology, from camera to neighbouring camera keeping \
                their track id; each camera with someone in view publishes a batch of detections every tick, each \
                person with a thumbnail (uploaded once) and a 128-number appearance vector close to their own. Runs \
                until Ctrl-C or --duration.
                """)
        @Option(help: "Site whose cameras to play (it needs a camera topology).") var site: String
        @Option(help: "How many people walk.") var people = 8
        @Option(help: "Time between two frames of each camera: 200ms, 1s.") var tick = "200ms"
        @Option(help: "Stop after this long: 30s, 10m (default: at Ctrl-C).") var duration: String?
        @Option(help: "Seed of the walks; the same seed plays the same people (default: a random one).") var seed: UInt64?
        @OptionGroup var connection: ConnectionOptions

        func validate() throws {
            guard (1...1000).contains(people) else { throw ValidationError("--people must be 1 to 1000") }
            guard let tick = DurationText.milliseconds(tick), tick >= 10 else {
                throw ValidationError("--tick takes a duration of at least 10ms, such as 200ms")
            }
            if let duration, DurationText.milliseconds(duration) == nil { throw ValidationError("--duration takes a duration such as 30s or 10m") }
        }

        func run() async throws {
            let hub = try connection.clientConfiguration()
            let settings = DetectionSimulation.Settings(
                site: site, people: people, tick: .milliseconds(DurationText.milliseconds(tick) ?? 200),
                duration: duration.flatMap(DurationText.milliseconds).map { .milliseconds($0) }, seed: seed ?? .random(in: 0...UInt64.max))
            let simulation = DetectionSimulation(hub: hub, settings: settings, say: say)
            do {
                try await untilInterrupted { try await simulation.run() }
            } catch is CancellationError {
                return
            } catch {
                tell(error, command: "simulate detections", connection: connection)
                throw ExitCode(2)
            }
        }
    }
}
