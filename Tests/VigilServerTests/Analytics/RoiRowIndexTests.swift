import Foundation
import Testing
import VigilClient
import VigilCore
import VigilDomains
import VigilTestSupport

/// The ROI query's in-memory rows against a brute-force reading of the same generated detections,
/// as the rows are loaded by the first query, added by the commits that follow, and forgotten past
/// the site's retention.
@Suite(.timeLimit(.minutes(10))) struct RoiRowIndexTests {
    @Test func matchesAreABruteForceReadingsAsDetectionsComeAndAgeOut() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            var random = SeededRandom(seed: 23)
            let first = try await GeneratedDetections.publish(hub, &random)
            try await ask(20, of: first, hub: hub, as: room, &random, "loaded by the first query")
            var more = SeededRandom(seed: 29)
            let second = try await GeneratedDetections.publish(hub, &more)
            var all = GeneratedDetections(items: first.items + second.items)
            try await ask(20, of: all, hub: hub, as: room, &random, "added by the commits after the load")

            // Two hours kept: the cut-off falls inside the tests' hour. Each batch prunes at most a
            // thousand rows, so three small ones leave nothing past it.
            let set = try await runVigil(["site", "set", "hq", "--keep-detections", "2h"] + hub.storeArguments)
            #expect(set.status == 0, "\(set.output)")
            let now = hub.clock.milliseconds()
            let backend = hub.client("device")
            for minute in 1...3 {
                let late = detection(at: now - detectionHour - Int64(minute) * 60_000, Rect(x: 100, y: 100, width: 40, height: 80), track: minute)
                _ = try await backend.request(
                    .publish(topic: "detections/hq/lobby", type: "batch", data: try batchJSON(camera: "lobby", frame: (640, 480), [late])))
                all = GeneratedDetections(items: all.items + [.init(camera: "lobby", frame: try FrameSize(width: 640, height: 480), detection: late)])
            }
            await backend.close()
            let kept = GeneratedDetections(items: all.items.filter { $0.detection.milliseconds >= now - 7_200_000 })
            #expect(kept.items.count < all.items.count, "the cut-off leaves some out")
            #expect(try await hub.analyticsRowCounts()["detections"] == Int64(kept.items.count))
            try await ask(20, of: kept, hub: hub, as: room, &random, "past the retention")
            await room.close()
        }
    }

    /// Past 16,384 rows a site's row index holds several blocks, which a query scans for its
    /// camera's rows: none is missed in any block, nor among the rows added to the last one after.
    @Test func matchesAreABruteForceReadingsWhenTheRowsFillSeveralBlocks() async throws {
        try await withHub { hub async throws in
            try await askOverSeveralBlocks(hub, seed: 31, inTimeOrder: false, ("in several blocks", "with rows added after the blocks"))
        }
    }

    /// Past the memory a site's row index may keep (here one block), its oldest rows are let go:
    /// a query finds what is older than the rows it holds through the box index and the rest in
    /// memory, and misses none, on either side of the time the two meet, nor among rows stored after.
    @Test func matchesAreABruteForceReadingsWhenTheRowsOutgrowTheMemoryAllowed() async throws {
        try await withHub(tweak: { $0.indexBytesPerSite = 1 }) { hub async throws in
            try await askOverSeveralBlocks(hub, seed: 41, inTimeOrder: true, ("older rows let go", "with rows of any time stored after"))
        }
    }

    /// A database whose box index still holds raw camera keys and milliseconds (analytics-1 to -3)
    /// has it built again in the index's units on the hub's next start, and is answered exactly
    /// (through it for the rows past the one block of memory allowed).
    /// SQLite's history only: a PostgreSQL store was never made with the raw units.
    @Test(.enabled(if: !TestHub.storesInPostgres)) func matchesAreABruteForceReadingsAfterTheBoxIndexIsBuiltAgain() async throws {
        try await withHub(tweak: { $0.indexBytesPerSite = 1 }) { hub async throws in
            try await hub.importAnalyticsTopology()
            var random = SeededRandom(seed: 37)
            let generated = try await GeneratedDetections.publish(hub, &random, perCamera: 9_000, batch: 200, inTimeOrder: true)
            await hub.stop()
            let rebuild = "analytics-4: the box index in comparable units"
            #expect(Domains.migrations.contains { $0.identifier == rebuild })
            try await offThePool {
                try hub.openStore().transaction { transaction in
                    try transaction.execute("DELETE FROM detection_boxes")
                    try transaction.execute(
                        "INSERT INTO detection_boxes SELECT id, camera_key, camera_key, ts, ts, x, x + width, y, y + height FROM detections")
                    try transaction.execute("DELETE FROM grdb_migrations WHERE identifier = ?", [rebuild])
                }
            }
            try await hub.start()
            #expect(try await hub.analyticsRowCounts()["detection_boxes"] == Int64(generated.items.count))
            let room = hub.client("operator")
            try await ask(10, of: generated, hub: hub, as: room, &random, "after the rebuild")
            await room.close()
        }
    }

    /// 18,000 detections (more than a block of the row index) published and asked about, then
    /// 1,000 more of any time in the hour and all asked about again; `stages` name the two rounds.
    private func askOverSeveralBlocks(_ hub: TestHub, seed: UInt64, inTimeOrder: Bool, _ stages: (String, String)) async throws {
        try await hub.importAnalyticsTopology()
        let room = hub.client("operator")
        var random = SeededRandom(seed: seed)
        let many = try await GeneratedDetections.publish(hub, &random, perCamera: 9_000, batch: 200, inTimeOrder: inTimeOrder)
        try await ask(8, of: many, hub: hub, as: room, &random, stages.0)
        let more = try await GeneratedDetections.publish(hub, &random, perCamera: 500, batch: 250)
        try await ask(8, of: GeneratedDetections(items: many.items + more.items), hub: hub, as: room, &random, stages.1)
        await room.close()
    }

    /// Random queries, every page read, each match's time (as the page's record says it and as the
    /// match was found: `first`) and intensity as the brute force finds them.
    private func ask(
        _ rounds: Int, of generated: GeneratedDetections, hub: TestHub, as room: VigilClient, _ random: inout SeededRandom, _ stage: String
    ) async throws {
        for round in 0..<rounds {
            let query = GeneratedDetections.Query.random(&random)
            let expected = generated.matches(query).map { "\($0.camera)@\($0.detection.milliseconds)/\($0.detection.milliseconds):\($0.intensity)" }
                .sorted()
            var data = query.json
            data["group"] = "none"
            data["limit"] = 500
            var got: [String] = []
            while true {
                let answer = try await room.query(topic: "detections/hq", type: "roi", data: .object(data))
                got += (answer["results"]?.arrayValue ?? []).map { result in
                    let (ts, first) = (Int64(result["ts"]?.numberValue ?? -1), Int64(result["first"]?.numberValue ?? -1))
                    return "\(result["camera"]?.stringValue ?? "")@\(ts)/\(first):\(result["intensity"]?.numberValue ?? -1)"
                }
                guard let next = answer["next"]?.stringValue, got.count < expected.count + 500 else { break }
                data["cursor"] = .string(next)
            }
            #expect(got.sorted() == expected, "\(stage), round \(round): \(query.json)")
        }
    }
}
