import VigilCore

/// Chooses what the cast does next, in scene time (the seconds of the demo as it plays at pace 1):
/// first whatever duty has fallen due (acknowledging and resolving alerts, the guards' rounds at
/// the main gate, the operator's notices, answers in the chat, urgent messages and their
/// acknowledgements), else something that just happens (motion, a forced door, now and then a
/// panic, a snapshot asked about in the chat, a camera pushed to a guard, a guard's swipe). Every choice comes
/// from one seeded generator, so a seed plays the same run again.
struct DemoDirector {
    let building: DemoBuilding
    let guards: [String]
    /// The operator's name: alerts it acknowledged are its own to resolve.
    let controlRoom: String
    private var random: SeededRandom
    /// Seconds of the scene so far.
    private(set) var now: Double = 0
    private var agenda: [(at: Double, action: DemoAction)] = []
    /// What the operator decided about each open alert it has seen.
    private var plans: [String: Plan] = [:]
    private var lastMotion: (camera: Camera, at: Double)?
    /// Alerts the operator has asked the guards about in the chat: once each.
    private var askedAbout: Set<String> = []
    private var checkIns = 0
    /// What the cast says, dealt so that nothing is said twice before the rest has been.
    private var infoNotices = DemoDeck(DemoWords.infoNotices)
    private var warningNotices = DemoDeck(DemoWords.warningNotices)
    private var urgentTexts = DemoDeck(DemoWords.urgentTexts)
    private var answers = DemoDeck(DemoWords.answers)
    private var motionMessages = DemoDeck(DemoWords.motionMessages)
    private var doorMessages = DemoDeck(DemoWords.doorMessages)

    private enum Plan {
        /// Acknowledged, or soon to be, by this operator or by someone else: nothing more to decide.
        case decided
        /// Left alone until it escalates, then acknowledged late.
        case leftToEscalate
    }

    /// Seconds of the scene between two actions.
    private static let pauses = 2.0...4.0
    /// Repeated motion within this many seconds of the last is the same visit going on.
    private static let visitWindow = 15.0

    init(building: DemoBuilding, guards: [String], controlRoom: String, seed: UInt64) {
        self.building = building
        self.guards = guards
        self.controlRoom = controlRoom
        random = SeededRandom(seed: seed)
        // The opening: a camera on each guard's phone (whether it jumps is decided when it is
        // due, against what the phone shows then), a notice, and soon the first round.
        for (index, name) in guards.enumerated() {
            agenda.append((0, .push(building.posts[index % building.posts.count], to: name, jump: false)))
        }
        agenda.append((random.uniform(4...8), .notice(level: "info", text: DemoWords.openingNotice)))
        agenda.append((random.uniform(12...24), .checkIn(guard: guards[0])))
        agenda.append((random.uniform(50...80), .urgent(text: urgentTexts.deal(using: &random))))
    }

    /// The pause before the next action, in seconds of the scene; the scene moves on by it.
    mutating func pause() -> Double {
        let pause = random.uniform(Self.pauses)
        now += pause
        return pause
    }

    mutating func next(in world: DemoWorld) -> DemoAction {
        watchQueue(world)
        let due = agenda.indices.filter { agenda[$0].at <= now }.min { agenda[$0].at < agenda[$1].at }
        guard let due else { return spontaneous(world) }
        let action = agenda.remove(at: due).action
        scheduleNextRound(after: action)
        if case .push(let camera, let name, _) = action {
            return .push(camera, to: name, jump: needsJump(to: camera, name, world))
        }
        return action
    }

    /// Tells the director an action succeeded: an alert acknowledged is resolved, soon or later.
    mutating func performed(_ action: DemoAction) {
        guard case .acknowledge(let alert) = action else { return }
        planResolution(of: alert)
    }

    // MARK: Duties

    /// The operator looks at the queue: most new alerts are acknowledged within seconds, a few are
    /// left to escalate and acknowledged once they have.
    private mutating func watchQueue(_ world: DemoWorld) {
        let open = Set(world.alerts.map(\.id))
        plans = plans.filter { open.contains($0.key) }
        for alert in world.alerts {
            switch plans[alert.id] {
            case nil where alert.acknowledgedBy == controlRoom:
                // Acknowledged in an earlier run of the demo: resolved in this one.
                plans[alert.id] = .decided
                planResolution(of: alert)
            case nil where alert.acknowledgedBy != nil:
                plans[alert.id] = .decided  // someone else's (from the dashboard) to resolve
            case nil where random.chance(0.75):
                plans[alert.id] = .decided
                agenda.append((now + random.uniform(3...8), .acknowledge(alert)))
            case nil:
                plans[alert.id] = .leftToEscalate
            case .leftToEscalate where alert.escalated && alert.acknowledgedBy == nil:
                plans[alert.id] = .decided
                agenda.append((now + random.uniform(4...10), .acknowledge(alert)))
            default:
                break
            }
        }
    }

    private mutating func planResolution(of alert: DemoAlert) {
        let after = random.chance(0.5) ? random.uniform(15...45) : random.uniform(90...240)
        agenda.append((now + after, .resolve(alert, note: random.pick(DemoWords.notes(for: alert.kind)))))
    }

    /// Rounds and notices recur: the next check-in (by the other guard) and the next notice.
    private mutating func scheduleNextRound(after action: DemoAction) {
        switch action {
        case .checkIn:
            checkIns += 1
            agenda.append((now + random.uniform(90...150), .checkIn(guard: guards[checkIns % guards.count])))
        case .notice:
            let notice: DemoAction =
                random.chance(0.7)
                ? .notice(level: "info", text: infoNotices.deal(using: &random))
                : .notice(level: "warning", text: warningNotices.deal(using: &random))
            agenda.append((now + random.uniform(60...120), notice))
        case .urgent:
            // One guard answers at once, the other only after the hub has repeated it.
            for (index, name) in guards.enumerated() {
                agenda.append((now + (index == 0 ? random.uniform(8...20) : random.uniform(200...260)), .acknowledgeUrgent(guard: name)))
            }
            agenda.append((now + random.uniform(240...360), .urgent(text: urgentTexts.deal(using: &random))))
        default:
            break
        }
    }

    // MARK: What just happens

    private mutating func spontaneous(_ world: DemoWorld) -> DemoAction {
        switch random.uniform(0...1) {
        case ..<0.30:
            return motion(at: random.pick(building.cameras))
        case ..<0.48:
            guard let last = lastMotion, now - last.at < Self.visitWindow else { return motion(at: random.pick(building.cameras)) }
            return motion(at: last.camera)
        case ..<0.55:
            let door = random.pick(building.doors)
            return .door(door, scene(bar: SnapshotScene.doorBar), message: Self.message(doorMessages.deal(using: &random), at: door))
        case ..<0.565:
            let name = random.pick(guards)
            return .panic(guard: name, at: world.views[name].flatMap(building.topology.camera) ?? random.pick(building.cameras))
        case ..<0.62:
            guard let alert = world.alerts.last(where: { $0.snapshot != nil && $0.location != nil && !askedAbout.contains($0.id) }) else {
                return push(to: random.pick(guards), world)
            }
            askedAbout.insert(alert.id)
            let name = random.pick(guards)
            agenda.append((now + random.uniform(5...12), .answer(guard: name, text: answers.deal(using: &random))))
            return .ask(alert, guard: name)
        case ..<0.75:
            return push(to: random.pick(guards), world)
        default:
            return swipe(by: random.pick(guards), world)
        }
    }

    private mutating func motion(at camera: Camera) -> DemoAction {
        lastMotion = (camera, now)
        return .motion(camera, scene(bar: SnapshotScene.motionBar), message: Self.message(motionMessages.deal(using: &random), at: camera))
    }

    /// An alert's wording with the camera's place in it.
    private static func message(_ wording: String, at camera: Camera) -> String {
        wording.replacingOccurrences(of: "{place}", with: camera.title)
    }

    /// The operator sends a guard to look: mostly where the last motion was.
    private mutating func push(to name: String, _ world: DemoWorld) -> DemoAction {
        let showing = world.views[name]
        let camera: Camera
        if let last = lastMotion, last.camera.id != showing, random.chance(0.6) {
            camera = last.camera
        } else {
            camera = random.pick(building.cameras.filter { $0.id != showing })
        }
        return .push(camera, to: name, jump: needsJump(to: camera, name, world))
    }

    /// A switch to a camera that is not a neighbour of the one on the phone must say it jumps.
    private func needsJump(to camera: Camera, _ name: String, _ world: DemoWorld) -> Bool {
        guard let showing = world.views[name] else { return false }
        return showing != camera.id && !building.topology.isNeighbour(camera.id, of: showing)
    }

    /// A guard swipes to a neighbour of the camera on their phone; with none on it yet, the
    /// operator pushes one instead.
    private mutating func swipe(by name: String, _ world: DemoWorld) -> DemoAction {
        guard let showing = world.views[name].flatMap(building.topology.camera) else { return push(to: name, world) }
        return .swipe(guard: name, random.pick(CameraDirection.allCases.filter { showing.neighbours[$0] != nil }))
    }

    private mutating func scene(bar: RGB) -> SnapshotScene {
        SnapshotScene(across: random.uniform(0.12...0.88), depth: random.uniform(0.1...1), shirt: random.pick(SnapshotScene.shirts), bar: bar)
    }
}
