import Histogram
import NIOCore
import Synchronization

/// What the connections of one event loop measure. Only that loop's thread writes it (no lock on
/// the per-message path); counters are atomics so that progress can be read from elsewhere, and
/// the rest is read on the loop once the run is over.
final class LoopState: @unchecked Sendable {
    let eventLoop: any EventLoop
    /// Publish-to-deliver latency, microseconds.
    var latency = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    /// Publish-to-`ok` latency (vigil), microseconds.
    var acceptLatency = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    /// One per subscriber on this loop, with the topic it listens to.
    var trackers: [(topic: Int, tracker: SequenceTracker)] = []
    let received = Atomic<Int>(0)
    let published = Atomic<Int>(0)
    let accepted = Atomic<Int>(0)
    let refused = Atomic<Int>(0)
    let malformed = Atomic<Int>(0)
    /// Bytes read from the sockets below TLS.
    let wireBytesIn = Atomic<Int>(0)
    /// Messages delivered before `measuring` was set are checked but not timed.
    let measuring = Atomic<Bool>(false)

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }
}
