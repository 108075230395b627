import NIOCore
import Synchronization
import VigilCore

/// A connection's bounded queue of frames waiting for its socket. Producers never wait on it (an
/// event is offered to every subscriber without blocking the fan-out); when it overflows the
/// connection is closed as a slow consumer and resumes later from history.
///
/// The connection drains it without a task of its own: `take(into:)` hands over what is queued, and
/// when it found nothing, the waker set with `onReady` is called once the next frame or the close
/// arrives.
public final class Outbox: Sendable {
    public enum CloseReason: Sendable, Equatable {
        case slowConsumer
        /// The server ends the connection with this code once the queued frames are sent.
        case close(CloseCode, reason: String)
    }

    private struct State {
        var frames: [OutboundFrame] = []
        var bytes = 0
        /// Set when `take(into:)` found nothing: the next offer or close calls the waker.
        var readerWaiting = false
        var waker: Waker?
        var spaceWaiters: [CheckedContinuation<Void, Never>] = []
        var closed: CloseReason?
    }

    /// The reader's waker. A class, so that handing it out of the lock (once per frame that finds
    /// the reader waiting) moves a reference instead of allocating a re-abstracted closure.
    private final class Waker: Sendable {
        let wake: @Sendable () -> Void

        init(_ wake: @escaping @Sendable () -> Void) {
            self.wake = wake
        }
    }

    private let state = Mutex(State())
    private let maxBytes: Int
    private let maxFrames: Int
    private let onOverflow: @Sendable () -> Void

    public init(maxBytes: Int, maxFrames: Int, onOverflow: @escaping @Sendable () -> Void) {
        self.maxBytes = maxBytes
        self.maxFrames = maxFrames
        self.onOverflow = onOverflow
    }

    /// What `take(into:)` found.
    public enum Taken: Sendable {
        /// Everything queued so far is in the array given, oldest first.
        case frames
        /// Closed, and every frame queued before the close has been taken.
        case closed(CloseReason)
        /// Nothing yet: the waker will be called.
        case empty
    }

    /// Sets what is called (once per `take(into:)` that found nothing) when a frame or the close
    /// arrives; nil lets the previous one go.
    public func onReady(_ waker: (@Sendable () -> Void)?) {
        let waker = waker.map(Waker.init)
        state.withLock { $0.waker = waker }
    }

    /// Queues a frame of this connection alone (a reply) without waiting.
    @discardableResult
    public func offer(_ bytes: ByteBuffer) -> Bool {
        offer(OutboundFrame(bytes))
    }

    /// Queues a frame without waiting: the fan-out offers the same frame to every subscriber.
    /// Returns false when the outbox is closed or just overflowed.
    @discardableResult
    public func offer(_ frame: OutboundFrame) -> Bool {
        let (accepted, overflowed, reader) = state.withLock { state -> (Bool, Bool, Waker?) in
            guard state.closed == nil else { return (false, false, nil) }
            if state.frames.count >= maxFrames || state.bytes + frame.bytes.readableBytes > maxBytes {
                let waiters = Self.close(&state, reason: .slowConsumer)
                return (false, true, waiters)
            }
            state.frames.append(frame)
            state.bytes += frame.bytes.readableBytes
            return (true, false, Self.wakeReader(&state))
        }
        reader?.wake()
        if overflowed { onOverflow() }
        return accepted
    }

    /// Waits until the outbox has room for at least half its capacity, then queues the frame.
    /// Used for replaying history, which must not overflow a healthy connection.
    public func send(_ bytes: ByteBuffer) async -> Bool {
        let frame = OutboundFrame(bytes)
        while true {
            let hasRoom = state.withLock { state in
                state.closed != nil || (state.bytes + bytes.readableBytes <= maxBytes / 2 && state.frames.count < maxFrames / 2)
            }
            if hasRoom { return offer(frame) }
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if state.closed != nil || state.frames.isEmpty { return true }
                    state.spaceWaiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// Moves the frames queued so far, oldest first, to the end of `frames`, as many as fit in
    /// `maxBytes` (at least one); or says the close reason once closed and drained; or `.empty`,
    /// and the waker is called when that changes.
    ///
    /// Given an empty array and room for everything, the two arrays trade places: the outbox
    /// queues what comes next in the storage of the one it was given. So a reader that empties its
    /// array after each write and passes it again allocates nothing for taking.
    public func take(into frames: inout [OutboundFrame], maxBytes: Int = .max) -> Taken {
        let (taken, waiters) = state.withLock { state -> (Taken, [CheckedContinuation<Void, Never>]) in
            if state.frames.isEmpty {
                guard let closed = state.closed else {
                    state.readerWaiting = true
                    return (.empty, [])
                }
                return (.closed(closed), [])
            }
            if state.bytes > maxBytes {
                var count = 0
                var bytes = 0
                for frame in state.frames {
                    guard count == 0 || bytes + frame.bytes.readableBytes <= maxBytes else { break }
                    bytes += frame.bytes.readableBytes
                    count += 1
                }
                frames.append(contentsOf: state.frames[..<count])
                state.frames.removeFirst(count)
                state.bytes -= bytes
            } else if frames.isEmpty {
                swap(&frames, &state.frames)
                state.bytes = 0
            } else {
                frames.append(contentsOf: state.frames)
                state.frames.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            let waiters = state.spaceWaiters
            state.spaceWaiters = []
            return (.frames, waiters)
        }
        waiters.forEach { $0.resume() }
        return taken
    }

    /// Closes the outbox. A slow consumer's queued frames are dropped; otherwise the reader still
    /// takes what is queued, then learns the reason.
    public func close(_ reason: CloseReason) {
        let reader = state.withLock { state in Self.close(&state, reason: reason) }
        reader?.wake()
    }

    public var closeReason: CloseReason? { state.withLock { $0.closed } }

    private static func close(_ state: inout State, reason: CloseReason) -> Waker? {
        guard state.closed == nil else { return nil }
        state.closed = reason
        if reason == .slowConsumer {
            // What a slow reader has not taken is dropped; it resumes from history.
            state.frames.removeAll()
            state.bytes = 0
        }
        state.spaceWaiters.forEach { $0.resume() }
        state.spaceWaiters = []
        return wakeReader(&state)
    }

    /// The waker, when a reader found nothing since it last ran.
    private static func wakeReader(_ state: inout State) -> Waker? {
        guard state.readerWaiting else { return nil }
        state.readerWaiting = false
        return state.waker
    }
}
