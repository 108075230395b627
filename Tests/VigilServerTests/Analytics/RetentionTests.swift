import Foundation
import Testing
import VigilClient
import VigilCore

@Suite(.timeLimit(.minutes(10))) struct RetentionTests {
    @Test func detectionsPastTheSitesRetentionArePrunedSoSteadyIngestKeepsTheDatabaseSteady() async throws {
        // The ingest's own commits prune here, and nothing else: the hub's periodic tick (each
        // second of wall time) pruned chunks between them when the test ran slowly, and the file's
        // pages then came out a little differently (242 where 240 was the bound, on a loaded run).
        try await withHub(tweak: { $0.timerInterval = .seconds(3600) }) { hub async throws in
            try await hub.importAnalyticsTopology()
            let backend = hub.client("device")
            var random = SeededRandom(seed: 61)
            func batch(at time: Int64, count: Int) throws -> JSONValue {
                try batchJSON(
                    camera: "lobby", frame: (640, 480),
                    (0..<count).map { index in
                        Detection(
                            time: Date(timeIntervalSince1970: Double(time - Int64(index)) / 1000),
                            box: Rect(x: random.uniform(0...600), y: random.uniform(0...400), width: 40, height: 80), label: "person", score: 0.8,
                            trackID: index, appearance: (0..<32).map { _ in Float(random.uniform(-1...1)) })
                    })
            }
            func rows() async throws -> Int64 { try await hub.analyticsRowCounts()["detections"] ?? -1 }

            // By default a site keeps 30 days: a detection 31 days old goes in the commit that stores it.
            let now = hub.clock.milliseconds()
            _ = try await backend.request(.publish(topic: "detections/hq/lobby", type: "batch", data: try batch(at: now - 31 * 86_400_000, count: 1)))
            _ = try await backend.request(.publish(topic: "detections/hq/lobby", type: "batch", data: try batch(at: now - 29 * 86_400_000, count: 1)))
            #expect(try await rows() == 1)

            let refused = try await runVigil(["site", "set", "hq", "--keep-detections", "10s"] + hub.storeArguments)
            #expect(refused.status != 0, "ten seconds is under the least retention: \(refused.output)")
            let set = try await runVigil(["site", "set", "hq", "--keep-detections", "10m"] + hub.storeArguments)
            #expect(set.status == 0 && set.output.contains("keep detections 10m"), "\(set.output)")

            // An hour of steady ingest, a batch a minute over HTTP (its detections 0-149 ms before the
            // minute): the site holds the last ten minutes, exactly: ten batches and the one detection
            // of the eleventh taken at the very minute ten minutes ago.
            let held = 10 * 150 + 1
            var pagesAfterWarmUp: Int64?
            for minute in 1...60 {
                hub.clock.advance(by: .seconds(60))
                var body = try batch(at: hub.clock.milliseconds(), count: 150)
                body = .object((body.objectValue ?? [:]).merging(["site": "hq"]) { $1 })
                #expect(try await hub.api("POST", "/api/detections", as: "device", body: body).status == 200)
                if minute >= 11 {
                    #expect(try await rows() == Int64(held), "minute \(minute)")
                }
                if minute == 20 { pagesAfterWarmUp = try await hub.pageCount() }
            }
            if let pagesAfterWarmUp, let pages = try await hub.pageCount() {
                #expect(pages <= pagesAfterWarmUp + pagesAfterWarmUp / 20, "the file reuses the pages it frees: \(pagesAfterWarmUp) then \(pages)")
            }
            let counts = try await hub.analyticsRowCounts()
            #expect(counts["detection_boxes"] == Int64(held), "the index is pruned with the rows")
            #expect(counts["detection_appearances"] == Int64(held), "and so are their vectors")
            await backend.close()
        }
    }

    /// A site whose cameras stopped sending is pruned by the hub's clock, a chunk a tick, without a
    /// word in the event log; a site still within its retention keeps everything.
    @Test func aSiteThatStopsSendingIsPrunedByTheClockAChunkATick() async throws {
        // The test's own advances are the only ticks: the hub's periodic one (each second of wall
        // time) would prune another chunk between them whenever the test runs slowly.
        try await withHub(tweak: { $0.timerInterval = .seconds(3600) }) { hub async throws in
            try await hub.importAnalyticsTopology()
            let backend = hub.client("device")
            let now = hub.clock.milliseconds()
            for batch in 0..<10 {
                _ = try await backend.request(
                    .publish(
                        topic: "detections/hq/lobby", type: "batch",
                        data: try batchJSON(
                            camera: "lobby", frame: (640, 480),
                            (0..<250).map { index in
                                Detection(
                                    time: Date(timeIntervalSince1970: Double(now - Int64(batch * 250 + index)) / 1000),
                                    box: Rect(x: 10, y: 10, width: 40, height: 80), label: "person", score: 0.8, trackID: index,
                                    appearance: [1, 0, 0])
                            })))
            }
            await backend.close()
            let before = try await hub.analyticsRowCounts()
            #expect(before["detections"] == 2_500)
            // What an ROI query over the whole frame and all the days finds: the row index, read by
            // the first, forgets what the clock prunes.
            let room = hub.client("operator")
            func found() async throws -> Int {
                let answer = try await room.query(
                    topic: "detections/hq", type: "roi",
                    data: [
                        "cameras": ["lobby"], "from": .number(Double(now - 40 * 86_400_000)), "to": .number(Double(now + 1)),
                        "regions": [["rect": ["x": 0, "y": 0, "width": 640, "height": 480]]], "group": "none", "limit": 1,
                    ])
                return Int(answer["total"]?.numberValue ?? -1)
            }
            #expect(try await found() == 2_500)

            try await hub.advance(by: .seconds(28 * 86_400))
            #expect(try await hub.analyticsRowCounts()["detections"] == 2_500, "within the 30 days nothing goes")
            var left: [Int64] = []
            var shown: [Int] = []
            for _ in 0..<4 {
                try await hub.advance(by: .seconds(1 * 86_400))
                left.append(try await hub.analyticsRowCounts()["detections"] ?? -1)
                shown.append(try await found())
            }
            await room.close()
            // Days 29 to 32: on the 30th all but the newest (taken at the very minute) are past it.
            #expect(left == [2_500, 1_500, 500, 0], "a thousand a tick once past 30 days: \(left)")
            #expect(shown.map(Int64.init) == left, "a query shows what the store holds, none of what the clock pruned: \(shown)")
            let after = try await hub.analyticsRowCounts()
            #expect(after["detection_boxes"] == 0 && after["detection_appearances"] == 0)
            #expect(after["events"] == before["events"], "pruning is not an event of the log")
        }
    }
}
