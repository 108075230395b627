import VigilBench
import VigilClient
import VigilCore

/// The image queries of `vigil bench analytics`: the k = 10 most similar over every camera and the
/// whole hour (every vector of the fill), half by a random vector, half by a stored detection. The
/// first query reads the site into the appearance index and is timed apart; every tenth is asked
/// again of the exact scan of the store, the baseline, which must give the same answer.
struct ImageQueryBench {
    let bench: AnalyticsBenchHub
    let room: VigilClient
    let dimensions: Int
    /// The ids of the fill's detections, which all have vectors.
    let filledIDs: ClosedRange<Int64>

    struct Outcome {
        var firstQuery: Duration
        var index: Percentiles
        var scan: Percentiles
        /// Queries the index and the scan answered differently: 0, or the index is wrong.
        var disagreements: Int

        /// A run without vectors to search (`--detections 0`) or without image queries.
        static let skipped = Outcome(firstQuery: .zero, index: LatencyRecorder().percentiles, scan: LatencyRecorder().percentiles, disagreements: 0)
    }

    func run(_ queries: Int, random: inout SeededRandom, memory: ResidentPeak) async throws -> Outcome {
        let topic = "detections/\(AnalyticsBenchHub.site)"
        let firstStarted = ContinuousClock.now
        _ = try await room.query(topic: topic, type: "similar", data: try question(0, &random))
        let firstQuery = ContinuousClock.now - firstStarted
        memory.sample()
        var (index, scan, disagreements) = (LatencyRecorder(), LatencyRecorder(), 0)
        for number in 1...max(queries, 1) {
            let data = try question(number, &random)
            let started = ContinuousClock.now
            let answer = try await room.query(topic: topic, type: "similar", data: data)
            index.record(ContinuousClock.now - started)
            memory.sample()
            guard number % 10 == 1 else { continue }
            let scanned = ContinuousClock.now
            let baseline = try await bench.imageScan(data)
            scan.record(ContinuousClock.now - scanned)
            if baseline["results"] != answer["results"] { disagreements += 1 }
        }
        return Outcome(firstQuery: firstQuery, index: index.percentiles, scan: scan.percentiles, disagreements: disagreements)
    }

    private func question(_ number: Int, _ random: inout SeededRandom) throws -> JSONValue {
        let example: SimilarQueryData.Example =
            number % 2 == 0
            ? .vector((0..<dimensions).map { _ in random.uniform(-1...1) }) : .detection(Int64.random(in: filledIDs, using: &random))
        let hour = AnalyticsBenchHub.hour
        return try JSONValue(encoding: SimilarQueryData(example, from: hour.lowerBound, to: hour.upperBound, k: 10))
    }
}
