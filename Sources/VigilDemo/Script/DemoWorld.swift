/// An open alert as the operator's screen shows it.
struct DemoAlert: Sendable {
    let id: String
    let kind: String
    let message: String
    /// Who acknowledged it; nil while it is raised.
    var acknowledgedBy: String?
    var escalated: Bool
    /// Where it was raised and its first snapshot: what the operator asks the guards about.
    var location: String?
    var snapshot: String?
}

/// What the cast sees when the director chooses the next action: the open alerts, oldest first,
/// and the camera each guard's phone shows (absent until the control room sends one).
struct DemoWorld: Sendable {
    var alerts: [DemoAlert] = []
    var views: [String: String] = [:]
}
