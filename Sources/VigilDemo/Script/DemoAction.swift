import VigilCore

/// One thing a member of the cast does.
enum DemoAction: Sendable {
    /// The sensor sees motion at a camera and raises it with a snapshot and the alert's message.
    case motion(Camera, SnapshotScene, message: String)
    /// The sensor reports a door forced or held open, with a snapshot and the alert's message.
    case door(Camera, SnapshotScene, message: String)
    case panic(guard: String, at: Camera)
    case acknowledge(DemoAlert)
    case resolve(DemoAlert, note: String)
    /// The operator puts a camera on a guard's phone.
    case push(Camera, to: String, jump: Bool)
    case swipe(guard: String, CameraDirection)
    case checkIn(guard: String)
    case notice(level: String, text: String)
    /// The operator drags an alert's snapshot into the control room's chat, circles who is on it and asks a guard.
    case ask(DemoAlert, guard: String)
    case answer(guard: String, text: String)
    /// The operator asks everyone to acknowledge; the guards do, one of them late.
    case urgent(text: String)
    case acknowledgeUrgent(guard: String)

    /// What was tried, for the line that says it was refused.
    var attempt: String {
        switch self {
        case .motion(let camera, _, _): "motion at \(camera.title)"
        case .door(let camera, _, _): "door at \(camera.title)"
        case .panic(let name, let camera): "\(name)'s panic at \(camera.title)"
        case .acknowledge(let alert): "acknowledging \(alert.id) (\(alert.message))"
        case .resolve(let alert, _): "resolving \(alert.id) (\(alert.message))"
        case .push(let camera, let name, _): "pushing \(camera.title) to \(name)"
        case .swipe(let name, let direction): "\(name)'s swipe \(direction.rawValue)"
        case .checkIn(let name): "\(name)'s check-in"
        case .notice(_, let text): "notice \"\(text)\""
        case .ask(let alert, let name): "asking \(name) about \(alert.id)"
        case .answer(let name, _): "\(name)'s answer"
        case .urgent(let text): "urgent message \"\(text)\""
        case .acknowledgeUrgent(let name): "\(name)'s acknowledgement"
        }
    }
}
