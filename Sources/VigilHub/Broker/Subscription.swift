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
    ///
    /// The frame is queued under the same lock that moves `lastSeq`: two threads may deliver to one
    /// subscription at once (a hub's own commit and its follower's read of another hub's), and had
    /// the later `seq` reached the outbox first, the client, which drops a `seq` at or below the
    /// last it saw, would lose the earlier one.
    func deliver(_ event: OutgoingEvent) -> Bool {
        var hole: UInt64?
        defer { if let hole { repairHole?(self, hole) } }
        return mode.withLock { mode -> Bool in
            switch mode {
            case .passthrough:
                return session.outbox.offer(event.frame)
            case .live(let lastSeq):
                guard let seq = event.seq else { return session.outbox.offer(event.frame) }
                guard seq > lastSeq else { return false }
                if seq > lastSeq + 1, repairHole != nil {
                    mode = .catchingUp(held: [event], overflowed: false)
                    hole = lastSeq
                    return false
                }
                mode = .live(lastSeq: seq)
                return session.outbox.offer(event.frame)
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
    }

    /// Ends a replay that has sent everything up to `lastSeq`: held events after it are sent in
    /// `seq` order and the subscription goes live. Returns false when held events were dropped, or
    /// when they do not follow on from `lastSeq`; the caller then reads the store again from
    /// `lastSeq` and calls this again.
    ///
    /// Held events come in the order this hub learnt of them, not in `seq` order: with several hubs
    /// on one store, its own commit 8 may come before its follower's read of another hub's 7, both
    /// committed after the replay's read. Every held event is committed, and so is every lower
    /// `seq`, so the store has what is missing between `lastSeq` and them; sending 8 alone would
    /// lose 7, dropped later as already sent. `readAgainInVain` (the store, read again several
    /// times, had nothing after `lastSeq`) lets held events past a hole through as they are,
    /// rather than read the store forever.
    func finishReplay(lastSeq: UInt64, readAgainInVain: Bool = false) -> Bool {
        mode.withLock { mode -> Bool in
            guard case .catchingUp(let held, let overflowed) = mode else { return true }
            if overflowed {
                mode = .catchingUp(held: [], overflowed: false)
                return false
            }
            let following = held.compactMap { event in event.seq.map { (seq: $0, event: event) } }.filter { $0.seq > lastSeq }
                .sorted { $0.seq < $1.seq }
            var last = lastSeq
            for (seq, _) in following where seq > last {
                guard seq == last + 1 || readAgainInVain else { return false }
                last = seq
            }
            last = lastSeq
            for (seq, event) in following where seq > last {
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
