import ArgumentParser
import Foundation
import VigilBench
import VigilClient
import VigilCore
import VigilDomains
import VigilHub
import VigilStore

/// `vigil bench analytics`: a hub of its own (TLS on a loopback port, a database in a scratch
/// directory) with a site of cameras, measured as a backend and a control room use it: durable
/// ingest of detection batches over WebSocket, a fill to a million detections with appearance
/// vectors over HTTP, then ROI queries of about 1 % of them (beside a naive full scan of the same
/// question, the baseline) and image queries (beside the exact scan of the store), through the
/// `query` op. Memory is sampled throughout.
struct BenchAnalytics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics", abstract: "Detection ingest, ROI and image query latency over a million stored detections, against a naive scan.")
    @Option(help: "Cameras of the site.") var cameras = 20
    @Option(help: "Detections with appearance vectors stored after the ingest measurement, before the queries (all over one hour of the cameras).")
    var detections = 1_000_000
    @Option(help: "Numbers of each appearance vector.") var dimensions = 128
    @Option(help: "Seconds of the ingest measurement.") var ingestSeconds = 10.0
    @Option(help: "Detections of a WebSocket batch in the ingest measurement.") var batch = 200
    @Option(help: "WebSocket connections publishing, each keeping --window batches waiting for their ok.") var publishers = 4
    @Option(help: "Batches each publisher keeps waiting.") var window = 4
    @Option(help: "ROI queries measured (the naive scan answers a tenth as many).") var queries = 300
    @Option(help: "Side in pixels of each ROI query's square region on one camera's 640x480 frame.") var roiSide = 200.0
    @Option(
        name: .customLong("index-mb-per-site"),
        help:
            """
            MiB of the site's detections the ROI row index keeps in memory, as `serve` takes it: 1 sends the queries to the database's box \
            index for all but the newest rows.
            """
    )
    var indexMegabytesPerSite = 512
    @Option(help: "Image queries measured (the exact scan answers a tenth as many).") var imageQueries = 30
    @Option(help: "Batches of the fill on the way at once.") var posters = 4
    @Option(help: "Seed of the generated data.") var seed: UInt64 = 1
    @OptionGroup var store: ScratchStoreOptions
    @OptionGroup var output: BenchOutputOptions

    struct Result: Codable {
        var cameras: Int
        var storedDetections: Int
        var dimensions: Int
        var ingestDetectionsPerSecond: Double
        var fillDetectionsPerSecond: Double
        var roiP50Ms: Double
        var roiP99Ms: Double
        var roiMatchedFraction: Double
        var firstRoiQueryMs: Double
        var naiveScanP50Ms: Double
        var naiveScanP99Ms: Double
        var imageQueryP50Ms: Double
        var imageQueryP99Ms: Double
        var firstImageQueryMs: Double
        var imageScanP50Ms: Double
        var imageScanP99Ms: Double
        var imageScanDisagreements: Int
        var peakResidentMiB: Double
        var peakOwnResidentMiB: Double
        var databaseMiB: Double
    }

    func run() async throws {
        let bench = try await AnalyticsBenchHub.start(
            cameras: cameras, indexBytesPerSite: indexMegabytesPerSite << 20, database: try store.address())
        // Stopped before the command returns, failed or not: the process ends then, and its scratch
        // database (a gigabyte at a million detections) must not stay behind.
        let result: Result
        do {
            result = try await measure(bench)
        } catch {
            await bench.stop()
            throw error
        }
        await bench.stop()
        try output.write(result)
    }

    private func measure(_ bench: AnalyticsBenchHub) async throws -> Result {
        let memory = ResidentPeak()
        memory.sample()
        var random = SeededRandom(seed: seed)
        let hour = AnalyticsBenchHub.hour

        say("analytics: \(cameras) cameras, ingest \(publishers)x\(window) batches of \(batch) for \(ingestSeconds) s")
        let ingest = try await Ingest(bench: bench, cameras: cameras, batch: batch, seed: seed).run(
            publishers: publishers, window: window, seconds: ingestSeconds, memory: memory)
        say(String(format: "  durable ingest: %.0f detections/s", ingest.perSecond))

        say("storing \(detections) detections with \(dimensions)-number vectors over HTTP, \(posters) batches on the way")
        let fillStarted = ContinuousClock.now
        try await VectorFill(bench: bench, cameras: cameras, dimensions: dimensions, seed: seed).run(
            count: detections, posters: posters, memory: memory
        ) { stored in
            if stored % 100_000 < VectorFill.batch { say("  \(stored) stored") }
        }
        let filled = detections
        let fillSeconds = (ContinuousClock.now - fillStarted) / .seconds(1)
        say(String(format: "  fill: %.0f detections/s with vectors", Double(filled) / max(fillSeconds, 0.001)))

        let room = VigilClient(configuration: bench.client(bench.adminToken))
        var roi = LatencyRecorder()
        var firstRoiQuery = Duration.zero
        var matched = 0.0
        var naive = LatencyRecorder()
        for index in 0..<queries {
            let camera = "cam-\(Int.random(in: 0..<cameras, using: &random))"
            // Where the generated boxes' bottom-centre points fall (x 15-625, y 60-480), so that a
            // square holds a steady share: 200x200 about 1 % of the hour's detections.
            let region = Rect(x: random.uniform(15...(625 - roiSide)), y: random.uniform(60...(480 - roiSide)), width: roiSide, height: roiSide)
            let selection = DetectionSelection(
                cameras: [camera], from: hour.lowerBound, to: hour.upperBound, regions: [.rect(region)], rule: .anchor(.bottomCenter))
            // Encoded before the clock starts: the query's time is the hub's and the wire's.
            let query = try JSONValue(encoding: RoiQueryData(selection, group: .perDetection, limit: 50))
            let started = ContinuousClock.now
            let answer = try await room.query(topic: "detections/\(AnalyticsBenchHub.site)", type: "roi", data: query)
            // The first reads the site's rows into memory (`DetectionRowIndex`): timed apart.
            if index == 0 { firstRoiQuery = ContinuousClock.now - started } else { roi.record(ContinuousClock.now - started) }
            // Of the hour's detections, the fill: the ingest's came after it, live.
            matched += (answer["total"]?.numberValue ?? 0) / Double(max(filled, 1))
            if index % 10 == 0 {
                let scanned = ContinuousClock.now
                let count = try await bench.naiveScan(camera: camera, region: region, hour: hour)
                naive.record(ContinuousClock.now - scanned)
                if count != Int(answer["total"]?.numberValue ?? -1) { say("  the naive scan found \(count), the query \(answer["total"] ?? .null)") }
            }
        }
        let (roiLatency, naiveLatency) = (roi.percentiles, naive.percentiles)
        let firstRoiQueryMs = firstRoiQuery / .milliseconds(1)
        say(
            String(
                format:
                    "  roi over %d stored, %d in the hour: p50 %.2f ms, p99 %.2f ms (%.2f %% of the hour's each; the first, which reads the rows, "
                    + "%.0f ms); naive scan p50 %.1f ms, p99 %.1f ms",
                ingest.stored + filled, filled, roiLatency.p50, roiLatency.p99, 100 * matched / Double(max(queries, 1)), firstRoiQueryMs,
                naiveLatency.p50, naiveLatency.p99))

        let storedBefore = Int64(ingest.stored)
        let measuresImages = filled > 0 && imageQueries > 0
        let images =
            measuresImages
            ? try await ImageQueryBench(
                bench: bench, room: room, dimensions: dimensions, filledIDs: (storedBefore + 1)...(storedBefore + Int64(filled))
            )
            .run(imageQueries, random: &random, memory: memory)
            : .skipped
        let firstImageQueryMs = images.firstQuery / .milliseconds(1)
        if measuresImages {
            say(
                String(
                    format:
                        "  image query over %d vectors: p50 %.1f ms, p99 %.1f ms (the first, which reads the index, %.0f ms); "
                        + "exact scan p50 %.0f ms, p99 %.0f ms",
                    filled, images.index.p50, images.index.p99, firstImageQueryMs, images.scan.p50, images.scan.p99))
        }
        if images.disagreements > 0 { say("  the exact scan answered \(images.disagreements) image queries otherwise") }
        await room.close()
        let databaseMiB = Double(try await bench.databaseBytes()) / 1_048_576
        say(
            String(
                format:
                    "  peak resident memory %.0f MiB, of which the process's own %.0f MiB (the rest the database file's pages, mapped); "
                    + "database %.0f MiB",
                Double(memory.peak) / 1_048_576, Double(memory.ownPeak) / 1_048_576, databaseMiB))

        return Result(
            cameras: cameras, storedDetections: ingest.stored + filled, dimensions: dimensions, ingestDetectionsPerSecond: ingest.perSecond,
            fillDetectionsPerSecond: Double(filled) / max(fillSeconds, 0.001), roiP50Ms: roiLatency.p50, roiP99Ms: roiLatency.p99,
            roiMatchedFraction: matched / Double(max(queries, 1)), firstRoiQueryMs: firstRoiQueryMs, naiveScanP50Ms: naiveLatency.p50,
            naiveScanP99Ms: naiveLatency.p99,
            imageQueryP50Ms: images.index.p50, imageQueryP99Ms: images.index.p99, firstImageQueryMs: firstImageQueryMs,
            imageScanP50Ms: images.scan.p50, imageScanP99Ms: images.scan.p99, imageScanDisagreements: images.disagreements,
            peakResidentMiB: Double(memory.peak) / 1_048_576,
            peakOwnResidentMiB: Double(memory.ownPeak) / 1_048_576, databaseMiB: databaseMiB)
    }

    /// `count` people-sized boxes on `camera` at random times of the hour, with vectors when `dimensions` > 0.
    static func batch(_ count: Int, camera: String, dimensions: Int, hour: ClosedRange<Int64>, _ random: inout SeededRandom) throws -> DetectionBatch
    {
        try DetectionBatch(
            camera: camera, frameSize: AnalyticsBenchHub.frame,
            detections: (0..<count).map { _ in
                let height = random.uniform(60...200)
                return Detection(
                    time: Date(timeIntervalSince1970: Double(Int64.random(in: hour, using: &random)) / 1000),
                    box: Rect(x: random.uniform(0...(640 - height / 2)), y: random.uniform(0...(480 - height)), width: height / 2, height: height),
                    label: "person", score: random.uniform(0.5...1), trackID: Int.random(in: 0..<5000, using: &random),
                    // Multiples of 1/64, whose JSON is short: what is measured is storing vectors, not
                    // printing and parsing seventeen digits a number.
                    appearance: dimensions > 0 ? (0..<dimensions).map { _ in Float(Int.random(in: -64...64, using: &random)) / 64 } : nil)
            })
    }

}

/// The highest resident memory of this process seen so far (the hub runs in it): in all, and its
/// own (anonymous) part. The rest is file pages: the database's, which every connection maps
/// (`mmap_size`), pages of the system's cache that it takes back when it needs them.
final class ResidentPeak: @unchecked Sendable {
    private let lock = NSLock()
    private var highest = (all: 0, own: 0)

    var peak: Int { lock.withLock { highest.all } }
    var ownPeak: Int { lock.withLock { highest.own } }

    func sample() {
        // statm: size, resident, shared (file-backed), ... in pages.
        guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return }
        let pages = status.split(separator: " ").compactMap { Int($0) }
        guard pages.count >= 3 else { return }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        lock.withLock { highest = (max(highest.all, pages[1] * pageSize), max(highest.own, (pages[1] - pages[2]) * pageSize)) }
    }
}
