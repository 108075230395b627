import Synchronization
import VigilClient
import VigilCore

/// The cast on stage, each member on connections of their own so that the dashboard shows the
/// guards and the operator online: the sensors, two guards and the operator on duty.
struct DemoCast: Sendable {
    let sensor: DemoSensor
    let guards: [String: DemoGuard]
    let controlRoom: DemoOperator
    let mainGateCode: String
    /// Every alert the cast has raised, which the operator must have heard of before the next choice.
    let raisedAlerts = RaisedAlerts()

    static func enter(_ stage: DemoStage) async throws -> DemoCast {
        let sensor = try DemoSensor(stage.sensor, site: stage.site)
        let guards = stage.guards.map { DemoGuard($0, site: stage.site, building: stage.building) }
        let controlRoom = DemoOperator(stage.controlRoom, site: stage.site, building: stage.building)
        let cast = DemoCast(
            sensor: sensor, guards: Dictionary(uniqueKeysWithValues: guards.map { ($0.name, $0) }), controlRoom: controlRoom,
            mainGateCode: stage.mainGateCode)
        do {
            try await sensor.connect()
            for member in guards { try await member.start() }
            try await controlRoom.start()
            return cast
        } catch {
            await cast.leave()
            throw error
        }
    }

    /// What the director sees before choosing, once the operator has heard of every alert raised
    /// so far (waiting at most 5 s): what it sees then does not hang on how fast events travel, so
    /// a seed plays the same run on a busy machine too.
    func world() async -> DemoWorld {
        let raised = raisedAlerts.all
        let deadline = ContinuousClock.now + .seconds(5)
        while await !controlRoom.hasHeard(of: raised), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        var world = DemoWorld(alerts: await controlRoom.queue)
        for (name, member) in guards {
            world.views[name] = await member.showing
        }
        return world
    }

    /// Performs one action; returns its line.
    func perform(_ action: DemoAction) async throws -> String {
        switch action {
        case .motion(let camera, let scene, let message):
            raised(try await sensor.raise("motion", at: camera, message: message, scene: scene))
        case .door(let camera, let scene, let message):
            raised(try await sensor.raise("door", at: camera, message: message, scene: scene))
        case .panic(let name, let camera):
            raised(try await member(name).pressPanic(at: camera))
        case .acknowledge(let alert):
            try await controlRoom.acknowledge(alert)
        case .resolve(let alert, let note):
            try await controlRoom.resolve(alert, note: note)
        case .push(let camera, let viewer, let jump):
            try await controlRoom.push(camera, to: viewer, jump: jump)
        case .swipe(let name, let direction):
            try await member(name).swipe(direction)
        case .checkIn(let name):
            try await member(name).checkIn(with: mainGateCode)
        case .notice(let level, let text):
            try await controlRoom.post(text, level: level)
        case .ask(let alert, let name):
            try await controlRoom.ask(about: alert, name)
        case .answer(let name, let text):
            try await member(name).say(text)
        case .urgent(let text):
            try await controlRoom.urgent(text)
        case .acknowledgeUrgent(let name):
            try await member(name).acknowledgeUrgent()
        }
    }

    /// Keeps the alert an action raised; its line.
    private func raised(_ outcome: (line: String, alert: String?)) -> String {
        if let alert = outcome.alert { raisedAlerts.add(alert) }
        return outcome.line
    }

    private func member(_ name: String) -> DemoGuard {
        // The director names only guards of the cast.
        guards[name]!
    }

    /// Closes every member's connection, all at once.
    func leave() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await sensor.leave() }
            for member in guards.values { group.addTask { await member.leave() } }
            group.addTask { await controlRoom.leave() }
        }
    }
}

/// The ids of the alerts the cast raised, in order.
final class RaisedAlerts: Sendable {
    private let ids = Mutex<[String]>([])

    var all: [String] { ids.withLock { $0 } }

    func add(_ id: String) {
        ids.withLock { $0.append(id) }
    }
}
