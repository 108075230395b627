import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(3))) struct SlowConsumerTests {
    /// One reader stops reading; the hub closes it as a slow consumer while a healthy reader on the
    /// same topic gets every event, in order, without waiting for the stalled one.
    @Test func aStalledReaderIsClosedAndTheOthersAreNotDelayed() async throws {
        try await withHub(tweak: {
            $0.outboxMaxFrames = 256
            $0.outboxMaxBytes = 256 * 1024
            $0.messagesPerSecond = 1_000_000
        }) { hub async throws in
            let stalled = try await RawSocket.connect(url: hub.url, caFile: hub.caFile, bearer: hub.token("guard"), stalled: true)
            try await stalled.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
            let healthyClient = hub.client("guard")
            let healthy = try await healthyClient.subscribe("notice/hq")

            let total = 6000
            let receiver = Task { try await collect(total, from: healthy, timeout: .seconds(120)) }
            let publisher = hub.client("operator")
            try await publishBurst(total, with: publisher)
            let lastAck = ContinuousClock.now
            let events = try await receiver.value
            let lag = ContinuousClock.now - lastAck
            #expect(events.compactMap(\.seq) == Array(1...UInt64(total)), "the healthy reader got every event once, in order")
            #expect(lag < .seconds(5), "the healthy reader finished \(lag) after the last publish was acknowledged")

            let metrics = try await curl(hub.httpsBase + "/metrics", caFile: hub.caFile).body
            #expect(metrics.contains("vigil_slow_consumer_closes_total 1"))
            // The stalled reader, once it reads again, finds fewer events than were published and
            // then the end of its connection: closed with 4008, or cut if it would not even take that.
            await stalled.startReading()
            var received = 0
            while let frame = await stalled.next(timeout: .seconds(10)) {
                if frame.contains(#""op":"event""#) { received += 1 }
            }
            #expect(received < total)
            let code = await stalled.closeCode()
            #expect(code == nil || code == CloseCode.slowConsumer.rawValue)
            await publisher.close()
            await healthyClient.close()
        }
    }

    /// A reader that stops long enough for its socket to stop taking writes, then reads again, gets
    /// every event in order and stays connected: what the socket would not take waited in its
    /// outbox, and writing went on once the socket drained.
    @Test func aReaderThatPausesThenReadsAgainGetsEverything() async throws {
        try await withHub(tweak: { $0.messagesPerSecond = 1_000_000 }) { hub async throws in
            let (paused, admin) = try await stalledSubscriber(on: hub)
            let publisher = hub.client("operator")
            // About 7.6 MB of frames: more than a paused reader's socket buffers take on loopback
            // (a 4 MiB send buffer at most here, a 128 KiB receive buffer), less than the outbox
            // holds (8 MiB, 16,384 frames).
            let total: UInt64 = 4000
            try await publishBurst(Int(total), with: publisher)
            await paused.startReading()
            var seqs: [UInt64] = []
            while seqs.count < Int(total), let frame = await paused.next(timeout: .seconds(10)) {
                if case .event(let event) = try ServerMessage.decode(frame), let seq = event.seq { seqs.append(seq) }
            }
            #expect(seqs.count == Int(total), "received \(seqs.count) of \(total) events")
            #expect(seqs.elementsEqual(1...total), "every event once, in order")
            try await paused.send(ClientMessage(ref: "p", .ping))
            guard case .ok = try await paused.answer(to: "p") else {
                Issue.record("the reader that paused was not answered")
                return
            }
            await paused.close()
            for client in [publisher, admin] { await client.close() }
        }
    }

    /// A slow consumer that comes back with `since` gets exactly what it missed.
    @Test func aClosedSlowConsumerResumesWithSince() async throws {
        try await withHub(tweak: {
            $0.outboxMaxFrames = 64
            $0.messagesPerSecond = 1_000_000
        }) { hub async throws in
            let (stalled, admin) = try await stalledSubscriber(on: hub)
            let publisher = hub.client("operator")
            let total: UInt64 = 4000
            try await publishBurst(Int(total), with: publisher)
            await stalled.startReading()
            var lastSeq: UInt64 = 0
            while let frame = await stalled.next(timeout: .seconds(5)) {
                if case .event(let event) = try ServerMessage.decode(frame), let seq = event.seq { lastSeq = seq }
            }
            #expect(lastSeq < total)
            let back = hub.client("guard")
            let resumed = try await back.subscribe("notice/hq", since: lastSeq)
            let missed = try await collect(Int(total - lastSeq), from: resumed, timeout: .seconds(60))
            #expect(missed.compactMap(\.seq) == Array((lastSeq + 1)...total))
            for client in [publisher, admin, back] { await client.close() }
        }
    }
}

/// A guard's connection subscribed to notice/hq that reads nothing until `startReading()`, once
/// its subscription is registered (its presence shows to the admin client returned with it).
private func stalledSubscriber(on hub: TestHub) async throws -> (RawSocket, admin: VigilClient) {
    let stalled = try await RawSocket.connect(url: hub.url, caFile: hub.caFile, bearer: hub.token("guard"), stalled: true)
    try await stalled.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
    let admin = hub.client("admin")
    let presence = try await admin.subscribe("presence/notice/hq")
    _ = try await collect(1, from: presence)
    return (stalled, admin)
}

/// Publishes `count` notices of about 1.7 KB on notice/hq from 20 concurrent lanes, enough to fill
/// a stalled reader's socket buffers, and returns once every one is acknowledged.
func publishBurst(_ count: Int, with publisher: VigilClient) async throws {
    let padding = String(repeating: "status report ", count: 120)
    try await withThrowingTaskGroup(of: Void.self) { group in
        for lane in 0..<20 {
            group.addTask {
                for index in stride(from: lane, to: count, by: 20) {
                    _ = try await publisher.publish(topic: "notice/hq", type: "notice", data: notice("\(index) \(padding)"))
                }
            }
        }
        try await group.waitForAll()
    }
}
