import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

@Suite(.timeLimit(.minutes(10))) struct SimulatorTests {
    @Test func simulatedPeopleAreFoundByTheTypedQueriesOfTheClient() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let started = Int64(Date().timeIntervalSince1970 * 1000)
            let run = try await runVigil([
                "simulate", "detections", "--site", "hq", "--people", "4", "--tick", "100ms", "--duration", "3s", "--seed", "5",
                "--url", hub.url, "--token", hub.token("admin"), "--ca", hub.caFile,
            ])
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("by 4 people walking across 2 cameras"), "\(run.output)")
            let stored = try #require(try await hub.analyticsRowCounts()["detections"])
            #expect(stored >= 4, "every person was seen: \(stored)")

            let room = hub.client("operator")
            let (from, to) = (started - 1000, Int64(Date().timeIntervalSince1970 * 1000) + 1000)
            let everywhere = DetectionSelection(
                cameras: ["lobby", "dock"], from: from, to: to, regions: [.rect(Rect(x: 0, y: 0, width: 640, height: 480))], rule: .anchor(.center))
            let page = try await room.roi(site: "hq", RoiQueryData(everywhere))
            let hits = page.results.map(\.detection)
            #expect(Set(hits.compactMap(\.track)) == Set(0..<4), "every person is found, by their track")
            #expect(page.total == Set(hits.map { "\($0.camera ?? "")#\($0.track ?? -1)" }).count, "one result per person and camera")
            #expect(
                page.results.allSatisfy {
                    $0.detection.thumbnail != nil && $0.count >= 1 && $0.first <= $0.detection.ts && $0.detection.ts <= $0.last
                })

            // A person's look is close to itself from frame to frame and far from the others'.
            for hit in hits {
                let nearest = try await room.similar(site: "hq", SimilarQueryData(.detection(hit.id), from: from, to: to, k: 1))
                #expect(nearest.first?.detection.track == hit.track && (nearest.first?.similarity ?? 0) > 0.9, "track \(hit.track ?? -1)")
            }

            let bars = try await room.timeline(site: "hq", TimelineQueryData(everywhere, bucket: .text("1s"))).buckets
            #expect(bars.reduce(0) { $0 + $1.detections } == Int(stored))
            #expect(bars.allSatisfy { (1...4).contains($0.tracks) && $0.start <= $0.jump && $0.jump < $0.end })
            await room.close()
        }
    }

    /// Whoever starts the simulator, with its output in a file or a pipe, sees it work at once: a
    /// line a second with what it published, long before it is stopped.
    @Test func theSimulatorTellsWhatItPublishesAsItGoes() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-simulate-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: outputFile) }
            let simulator = try ChildProcess(
                HubProcess.executable.path,
                [
                    "simulate", "detections", "--site", "hq", "--people", "2", "--tick", "100ms", "--url", hub.url, "--token", hub.token("admin"),
                    "--ca", hub.caFile,
                ],
                standardOutput: .file(outputFile.path)
            )
            defer {
                simulator.send(SIGINT)
                simulator.waitUntilExit()
            }
            let told = { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
            let reports = /(\d+) detections in \d+ batches, (\d+) in all/
            #expect(await eventually(timeout: .seconds(20)) { told().matches(of: reports).count >= 2 }, "\(told())")
            #expect(simulator.isRunning, "the lines came while it runs")
            #expect(told().hasPrefix("2 people walking across 2 cameras of hq"), "\(told())")
            let totals = told().matches(of: reports).compactMap { Int($0.2) }
            #expect(totals.first.map { $0 > 0 } == true && totals == totals.sorted(), "\(totals)")
        }
    }
}
