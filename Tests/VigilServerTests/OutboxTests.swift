import NIOCore
import Synchronization
import Testing
import VigilHub

/// The outbox hands its frames over in order, in the reader's array, and wakes the reader once
/// when it had found nothing.
@Suite struct OutboxTests {
    private func texts(_ frames: [OutboundFrame]) -> [String] {
        frames.map { String(buffer: $0.bytes) }
    }

    @Test func framesComeOutInOrderIntoTheArrayGiven() {
        let outbox = Outbox(maxBytes: 1 << 20, maxFrames: 100, onOverflow: {})
        for text in ["a", "b", "c"] { outbox.offer(ByteBuffer(string: text)) }
        var frames: [OutboundFrame] = []
        guard case .frames = outbox.take(into: &frames) else {
            Issue.record("expected frames")
            return
        }
        #expect(texts(frames) == ["a", "b", "c"])
        // An array that still holds frames gets the new ones after them.
        outbox.offer(ByteBuffer(string: "d"))
        guard case .frames = outbox.take(into: &frames) else {
            Issue.record("expected frames")
            return
        }
        #expect(texts(frames) == ["a", "b", "c", "d"])
        frames.removeAll()
        guard case .empty = outbox.take(into: &frames) else {
            Issue.record("expected nothing")
            return
        }
        #expect(frames.isEmpty)
    }

    /// A take bounded in bytes hands over the oldest frames that fit, and at least one.
    @Test func aBoundedTakeHandsOverTheOldestFramesThatFit() {
        let outbox = Outbox(maxBytes: 1 << 20, maxFrames: 100, onOverflow: {})
        for text in ["aaaa", "bbbb", "cccc", "dddddddddd"] { outbox.offer(ByteBuffer(string: text)) }
        var frames: [OutboundFrame] = []
        var batches: [[String]] = []
        while case .frames = outbox.take(into: &frames, maxBytes: 9) {
            batches.append(texts(frames))
            frames.removeAll()
        }
        #expect(batches == [["aaaa", "bbbb"], ["cccc"], ["dddddddddd"]])
    }

    @Test func aReaderThatFoundNothingIsWokenOnceThenLearnsTheClose() {
        let outbox = Outbox(maxBytes: 1 << 20, maxFrames: 100, onOverflow: {})
        let wakes = Atomic(0)
        outbox.onReady { wakes.add(1, ordering: .relaxed) }
        var frames: [OutboundFrame] = []
        guard case .empty = outbox.take(into: &frames) else {
            Issue.record("expected nothing")
            return
        }
        outbox.offer(ByteBuffer(string: "a"))
        outbox.offer(ByteBuffer(string: "b"))
        #expect(wakes.load(ordering: .relaxed) == 1, "one wake for the reader that found nothing")
        outbox.close(.close(.goingAway, reason: "bye"))
        guard case .frames = outbox.take(into: &frames) else {
            Issue.record("what was queued before the close comes first")
            return
        }
        #expect(texts(frames) == ["a", "b"])
        frames.removeAll()
        guard case .closed(.close(.goingAway, reason: "bye")) = outbox.take(into: &frames) else {
            Issue.record("expected the close")
            return
        }
    }
}
