import NIOCore

/// Sends probes on its link's topic, at a fixed rate or flat out. Flat out keeps `window` messages
/// in flight; one leaves flight when it comes back (`echo`: the publisher's own subscription
/// delivers it, which works the same on every server) or when the server accepts it (`accept`:
/// vigil's `ok`, which comes after the commit).
final class Publisher {
    enum Completion {
        case echo
        case accept
    }

    let id: Int
    let topic: Int
    let payloadBytes: Int
    let body: MessageBody
    /// Messages per second; 0 means flat out.
    let rate: Double
    /// Where in its interval this publisher's messages fall, from 0 to 1. Publishers at a fixed
    /// rate are spread evenly over the interval: started together and all on the same beat, they
    /// would send in bursts of one message each, and every server would be measured on bursts.
    let phase: Double
    let window: Int
    let completion: Completion
    unowned(unsafe) var link: Link?
    private(set) var sent: UInt64 = 0
    private var inFlight = 0
    private var running = false
    private var startedAt: UInt64 = 0
    private var timer: RepeatedTask?

    init(id: Int, topic: Int, payloadBytes: Int, body: MessageBody, rate: Double, phase: Double, window: Int, completion: Completion) {
        self.id = id
        self.topic = topic
        self.payloadBytes = payloadBytes
        self.body = body
        self.rate = rate
        self.phase = phase
        self.window = window
        self.completion = completion
    }

    func start(on eventLoop: any EventLoop) {
        running = true
        startedAt = NIODeadline.now().uptimeNanoseconds
        if rate > 0 {
            let bound = NIOLoopBound(self, eventLoop: eventLoop)
            timer = eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: .milliseconds(1)) { _ in bound.value.tick() }
        } else {
            sendWhileRoom()
        }
    }

    func stop() {
        running = false
        timer?.cancel()
        timer = nil
    }

    func echoed() {
        guard completion == .echo else { return }
        completed()
    }

    func accepted() {
        guard completion == .accept else { return }
        completed()
    }

    private func completed() {
        inFlight = max(inFlight - 1, 0)
        if rate == 0 { sendWhileRoom() }
    }

    /// Sends what the rate says is due by now: a late tick catches up instead of losing time.
    private func tick() {
        guard running else { return }
        let elapsed = Double(NIODeadline.now().uptimeNanoseconds - startedAt) / 1e9
        // Message k is due at (k - phase) / rate seconds.
        let due = UInt64(elapsed * rate + phase)
        guard due > sent else { return }
        for _ in sent..<due { sendOne() }
        link?.flush()
    }

    private func sendWhileRoom() {
        guard running, inFlight < window else { return }
        while inFlight < window { sendOne() }
        link?.flush()
    }

    private func sendOne() {
        guard let link else { return }
        sent += 1
        inFlight += 1
        let now = NIODeadline.now().uptimeNanoseconds
        let probe = Probe(publisher: id, seq: sent, sentNanos: now)
        link.send(link.dialect.publish(topic: topic, payload: body.payload(probe, size: payloadBytes), sentNanos: now))
        link.state.published.add(1, ordering: .relaxed)
    }
}
