import Testing

@testable import VigilStore

/// What wakes a follower between its reads of the events table: a notification, or the end of its
/// longest wait, and nothing else, so that an idle node rests between reads.
struct FollowerWakeupTests {
    @Test func aWaitEndedByANotificationLeavesNothingToEndTheNextOne() async throws {
        let wakeup = FollowerWakeup()
        for _ in 0..<3 {
            wakeup.signal(committed: 7)
            await wakeup.wait(atMost: .seconds(60))  // the notification ends it at once
        }
        // The waits' timers, cancelled, have had time to run.
        try await Task.sleep(for: .milliseconds(100))

        let started = ContinuousClock.now
        await wakeup.wait(atMost: .milliseconds(500))
        #expect(ContinuousClock.now - started >= .milliseconds(450), "the next wait lasts until its limit when nothing is notified")
        #expect(wakeup.newestNotified == 7)
    }

    @Test func aNotificationDuringAWaitEndsIt() async throws {
        let wakeup = FollowerWakeup()
        async let waited: Void = wakeup.wait(atMost: .seconds(60))
        try await Task.sleep(for: .milliseconds(50))
        wakeup.signal(committed: 9)
        await waited
        #expect(wakeup.newestNotified == 9)
    }
}
