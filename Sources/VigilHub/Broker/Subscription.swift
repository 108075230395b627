import Synchronization
import VigilCore

/// One pattern a session listens to. While it replays history (`since`), live events are held
/// back and released after the replay, so the subscriber sees every event once and in order.
public final class Subscription: Sendable {
    enum Mode {
        /// Exact topic: forwards events newer than `lastSeq`, dropping any it has already sent.
        case live(lastSeq: UInt64)
        /// Wildcard pattern or ephemeral kind: forwards everything.
        case passthrough
        /// Replaying history: live events wait in `held`; `overflowed` means some were dropped and
        /// the replay must read the store again.
        case catchingUp(held: [OutgoingEvent], overflowed: Bool)
        case cancelled
    }

    let pattern: TopicPattern
    let session: Session
    /// Set when the topic is a view of another (`TopicView`): the broker files it there.
    let view: (any TopicView)?
    private let mode: Mutex<Mode>
    /// Live events held during a replay before the replay rereads the store instead.
    private static let maxHeld = 4096
    /// Reads the store after the given `seq` and ends with `finishReplay`: what a live exact
    /// subscription does when an event comes past a hole in its topic's `seq`s.
    typealias HoleRepair = @Sendable (Subscription, _ after: UInt64) -> Void
    private let repairHole: HoleRepair?

    /// `repairHole`, for an exact topic that is not a view (a view leaves events out): an event that
    /// comes before a lower `seq` was fanned out here is held, and the hole read from the store. With
    /// several hubs on one store, this hub's own commit on a topic may come before the event of
    /// another hub its follower has not read yet.
    init(pattern: TopicPattern, session: Session, mode: Mode, view: (any TopicView)? = nil, repairHole: HoleRepair? = nil) {
        self.pattern = pattern
        self.session = session
        self.view = view
        self.mode = Mutex(mode)
        self.repairHole = view == nil ? repairHole : nil
    }

    /// Called by the broker for each matching event; never waits.
    func deliver(_ event: OutgoingEvent) -> Bool {
        var hole: UInt64?
        defer { if let hole { repairHole?(self, hole) } }
        let forward = mode.withLock { mode -> Bool in
            switch mode {
            case .passthrough:
                return true
            case .live(let lastSeq):
                guard let seq = event.seq else { return true }
                guard seq > lastSeq else { return false }
                if seq > lastSeq + 1, repairHole != nil {
                    mode = .catchingUp(held: [event], overflowed: false)
                    hole = lastSeq
                    return false
                }
                mode = .live(lastSeq: seq)
                return true
            case .catchingUp(var held, let overflowed):
                if overflowed { return false }
                if held.count >= Self.maxHeld {
                    mode = .catchingUp(held: [], overflowed: true)
                } else {
                    held.append(event)
                    mode = .catchingUp(held: held, overflowed: false)
                }
                return false
            case .cancelled:
                return false
            }
        }
        return forward && session.outbox.offer(event.frame)
    }

    /// Ends a replay that has sent everything up to `lastSeq`: held events after it are sent and
    /// the subscription goes live. Returns false when held events were dropped, in which case the
    /// caller reads the store again from `lastSeq` and calls this again.
    func finishReplay(lastSeq: UInt64) -> Bool {
        mode.withLock { mode -> Bool in
            guard case .catchingUp(let held, let overflowed) = mode else { return true }
            if overflowed {
                mode = .catchingUp(held: [], overflowed: false)
                return false
            }
            var last = lastSeq
            for event in held {
                guard let seq = event.seq, seq > last else { continue }
                session.outbox.offer(event.frame)
                last = seq
            }
            mode = .live(lastSeq: last)
            return true
        }
    }

    func cancel() {
        mode.withLock { $0 = .cancelled }
    }
}
