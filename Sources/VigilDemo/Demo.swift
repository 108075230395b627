import VigilClient

/// `vigil demo`: with an admin token, sets up a demo site on a running hub (DemoSetup), then plays
/// its sensors, guards and operator at a steady human pace (DemoScript) until the settings' bound
/// or until the task is cancelled, so that the dashboard has something live to show.
public struct Demo: Sendable {
    let hub: ClientConfiguration
    let settings: DemoSettings
    let sleep: @Sendable (Duration) async throws -> Void
    let log: DemoLog

    /// `hub` reaches the hub with an admin token; `sleep` paces the play (tests pass a fast one);
    /// `say` prints a line.
    public init(
        hub: ClientConfiguration, settings: DemoSettings,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        say: @escaping @Sendable (String) -> Void
    ) {
        self.hub = hub
        self.settings = settings
        self.sleep = sleep
        log = DemoLog(say: say)
    }

    /// Sets up and plays; returns the number of actions played. A setup that fails (a token that
    /// is not an admin's, a hub out of reach) throws before anything is played.
    @discardableResult
    public func run() async throws -> Int {
        let stage = try await DemoSetup(admin: hub, site: settings.site, log: log).run()
        let cast: DemoCast
        do {
            cast = try await DemoCast.enter(stage)
        } catch {
            throw DemoSetupError(step: "connect the cast", cause: error)
        }
        introduce(stage)
        let script = DemoScript(
            director: DemoDirector(
                building: stage.building, guards: stage.guards.map(\.name), controlRoom: stage.controlRoom.name, seed: settings.seed), cast: cast,
            pace: DemoPace(pace: settings.pace, sleep: sleep), log: log, steps: settings.steps)
        do {
            let played = try await play(script)
            await cast.leave()
            log.note("Stopped after \(played) actions.")
            return played
        } catch {
            await cast.leave()
            throw error
        }
    }

    /// Where to watch, and how the play goes.
    private func introduce(_ stage: DemoStage) {
        log.note("Dashboard: \(stage.origin)/ (choose site \(stage.site))")
        if let guardOnDuty = stage.guards.first {
            log.note("\(guardOnDuty.name)'s phone: \(stage.origin)/#token=\(guardOnDuty.configuration.token)")
        }
        log.note("Playing at pace \(settings.pace) with seed \(settings.seed).")
    }

    /// The script, stopped after `duration` when there is one.
    private func play(_ script: DemoScript) async throws -> Int {
        guard let duration = settings.duration else { return try await script.play() }
        return try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask { try await script.play() }
            group.addTask {
                try? await Task.sleep(for: duration)
                return nil
            }
            var played = 0
            for try await result in group {
                group.cancelAll()
                played = result ?? played
            }
            return played
        }
    }
}
