import Foundation
import Testing
import VigilClient
import VigilCore
import VigilHub

@Suite(.timeLimit(.minutes(10))) struct SlowConsumerTests {
    /// One reader stops reading; the hub closes it as a slow consumer while a healthy reader on the
    /// same topic gets every event, in order, without waiting for the stalled one.
    @Test func aStalledReaderIsClosedAndTheOthersAreNotDelayed() async throws {
        try await withHub(tweak: smallOutbox) { hub async throws in
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
            // (the hub's 128 KiB send buffer, a 128 KiB receive buffer), less than the outbox
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

    /// A subscriber that stops reading (after reading at speed) until its outbox overflows finds, once it reads again, the close frame 4008 next in line: the
    /// backlog was dropped, and the frame waited behind no more than the socket's buffers held. The
    /// close is logged with session, peer and reason while the reader is still stalled.
    @Test func aStalledReaderThatReadsAgainFindsItsCloseFrameNextInLine() async throws {
        try await withHub(
            tweak: smallOutbox,
            server: {
                $0.closeGrace = .seconds(60)  // this test reads again when it likes
            }
        ) { hub async throws in
            let reader = try await PausableWebSocket.connect(to: hub, bearer: hub.token("guard"))
            defer { reader.close() }
            let publisher = hub.client("operator")
            try await readAtSpeedThenStall(reader, publisher: publisher)
            try await publishBurst(3000, with: publisher)
            let logged = await slowConsumerClose(in: hub.log)
            let port = try #require(reader.channel.localAddress?.port)
            #expect(logged?.metadata["peer"] == "127.0.0.1:\(port)")
            #expect(logged?.metadata["session"]?.hasPrefix("s_") == true)
            #expect(logged?.metadata["reason"]?.isEmpty == false)
            let readBeforePausing = reader.received.reduce(0) { $0 + $1.payload.count }
            try await reader.resumeReading()
            let close = try #require(await reader.closeFrame())
            #expect(close.closeCode == CloseCode.slowConsumer.rawValue)
            let backlog = close.bytesBefore - readBeforePausing
            #expect(backlog < 1 << 20, "\(backlog) bytes of events came before the close frame")
            let seqs = try reader.received.compactMap { frame -> UInt64? in
                guard frame.opcode == 0x1, case .event(let event) = try ServerMessage.decode(frame.text) else { return nil }
                return event.seq
            }
            #expect(seqs.count < 4000 && seqs.elementsEqual(1...UInt64(seqs.count)), "events in order, without a gap, up to the close")
            await publisher.close()
        }
    }

    /// A subscriber that stops reading for good: meanwhile the hub's kernel holds no more for it
    /// than the socket's bounded send buffer; once the grace after the overflow has passed its
    /// socket is aborted (reset, even though it reads nothing) and the kernel lets go of it; a
    /// healthy subscriber on the same topic gets every event.
    @Test func aStalledReaderThatNeverReadsAgainIsAbortedAfterTheGrace() async throws {
        try await withHub(tweak: smallOutbox) { hub async throws in
            let stalled = try await PausableWebSocket.connect(to: hub, bearer: hub.token("guard"))
            defer { stalled.close() }
            let publisher = hub.client("operator")
            try await readAtSpeedThenStall(stalled, publisher: publisher)
            let healthyClient = hub.client("guard")
            let healthy = try await healthyClient.subscribe("notice/hq", since: 1000)
            let total = 4000
            let receiver = Task { try await collect(total - 1000, from: healthy, timeout: .seconds(120)) }
            let publishing = Task { try await publishBurst(total - 1000, with: publisher) }

            #expect(await slowConsumerClose(in: hub.log) != nil)
            let overflowed = ContinuousClock.now
            let port = try #require(stalled.channel.localAddress?.port)
            let queued = try #require(kernelSendQueue(from: hub.port, to: port), "the hub's socket is open until the grace has passed")
            // The send buffer as Linux books it (twice the 128 KiB asked), and a segment over.
            #expect(queued <= 320 * 1024, "the hub's kernel holds \(queued) bytes for the stalled reader")
            #expect(await eventually(timeout: .seconds(10)) { !stalled.isOpen }, "the stalled reader's socket was reset")
            let lasted = ContinuousClock.now - overflowed
            #expect(lasted > .seconds(1) && lasted < .seconds(5), "aborted \(lasted) after the overflow was seen (grace 2 s)")
            #expect(kernelSendQueue(from: hub.port, to: port) == nil, "the hub's socket is gone")

            try await publishing.value
            let events = try await receiver.value
            #expect(events.compactMap(\.seq) == Array(1001...UInt64(total)), "the healthy reader got every event once, in order")
            await publisher.close()
            await healthyClient.close()
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

/// An outbox of 256 frames or 256 KiB, and requests unlimited.
private func smallOutbox(_ configuration: inout HubConfiguration) {
    configuration.outboxMaxFrames = 256
    configuration.outboxMaxBytes = 256 * 1024
    configuration.messagesPerSecond = 1_000_000
}

/// Subscribes `reader` to notice/hq, has it read 1,000 events at speed, as on a good network (so
/// that TCP's windows open up), then stops its reading.
private func readAtSpeedThenStall(_ reader: PausableWebSocket, publisher: VigilClient) async throws {
    try await reader.send(ClientMessage(ref: "s", .subscribe(topic: "notice/hq", since: nil)))
    _ = try #require(await reader.frame(containing: #""ref":"s""#))
    try await publishBurst(1000, with: publisher)
    #expect(await eventually { reader.received.filter { $0.text.contains(#""op":"event""#) }.count == 1000 })
    try await reader.pauseReading()
}

/// The hub's log line for a slow consumer's close, once it has been written.
private func slowConsumerClose(in log: CapturedLog) async -> CapturedLog.Entry? {
    var entry: CapturedLog.Entry?
    _ = await eventually(timeout: .seconds(60)) {
        entry = log.all.first { $0.message == "closing a slow consumer" }
        return entry != nil
    }
    return entry
}

/// The bytes the kernel holds to send on the loopback TCP socket from port `local` to port
/// `remote` (Linux's /proc/net/tcp), or nil when there is no such socket.
private func kernelSendQueue(from local: Int, to remote: Int) -> Int? {
    // Read to the end: the file says it is empty, and comes a page at a time.
    guard let bytes = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd() else { return nil }
    let table = String(decoding: bytes, as: UTF8.self)
    func hex(_ port: Int) -> String {
        ":" + String(String(port, radix: 16, uppercase: true).reversed()).padding(toLength: 4, withPad: "0", startingAt: 0).reversed()
    }
    let wanted = (hex(local), hex(remote))
    for line in table.split(separator: "\n").dropFirst() {
        let fields = line.split(separator: " ")
        guard fields.count > 4, fields[1].hasSuffix(wanted.0), fields[2].hasSuffix(wanted.1) else { continue }
        return Int(fields[4].split(separator: ":")[0], radix: 16)
    }
    return nil
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
