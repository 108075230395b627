import Foundation
import Synchronization

/// Where the hub takes its time: event timestamps, timer deadlines, token expiry and request rates.
/// The server gives it the system clock; tests give it a `ManualClock` and move it on themselves,
/// so a two-minute escalation is tested without waiting two minutes.
public protocol HubClock: Sendable {
    /// Milliseconds since the Unix epoch.
    func milliseconds() -> Int64
}

/// The wall clock.
public struct SystemClock: HubClock {
    public init() {}

    public func milliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}

/// A clock that stands still until it is told to move: for tests and simulations.
public final class ManualClock: HubClock {
    private let now: Mutex<Int64>

    /// Starts at `start` (milliseconds since the epoch), by default the wall clock's now.
    public init(start: Int64 = SystemClock().milliseconds()) {
        now = Mutex(start)
    }

    public func milliseconds() -> Int64 {
        now.withLock { $0 }
    }

    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        now.withLock { $0 += seconds * 1000 + attoseconds / 1_000_000_000_000_000 }
    }
}
