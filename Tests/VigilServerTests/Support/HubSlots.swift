/// How many test hubs run at once. Swift Testing starts every test of a run together; forty TLS
/// hubs on a two-core machine then hold each other up for seconds, past the real-time deadlines
/// of the transport (hello, pings, close grace) that some tests watch. A handful at a time keeps
/// the run parallel (most of a hub test's time is waiting) and the deadlines honest. A suite's
/// `.timeLimit` counts the wait for a slot too, so every hub suite has the same ten minutes: a
/// guard against a hang, not a deadline (a 3-minute suite queued behind the browser tests failed).
actor HubSlots {
    static let shared = HubSlots(limit: 6)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        free = limit
    }

    func acquire() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
