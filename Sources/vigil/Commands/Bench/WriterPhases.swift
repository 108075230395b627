import Foundation
import VigilClient
import VigilHub

/// Where writes spent their time in the hub's group commit during one phase of a benchmark: the
/// difference between two readings of its timers on `/metrics` (`HubMetrics.commitWait`,
/// `commitWork`, `commitClose`), each told as a count and its p50 and p99, interpolated within
/// the histogram's buckets as Prometheus' `histogram_quantile` does.
struct WriterPhases: Codable {
    struct Timer: Codable {
        var name: String
        var count: Double
        var p50Ms: Double
        var p99Ms: Double
    }

    var timers: [Timer]

    /// The cumulative bucket counts of the group commit's timers, by series (name and labels but
    /// `le`) and bound in seconds.
    struct Reading {
        var buckets: [String: [Double: Double]]

        /// Reads `/metrics` of the hub `configuration` reaches, asking up to three times: a run
        /// once lost its reading to a connection closed under load ("I/O on closed channel").
        static func take(from configuration: ClientConfiguration) async throws -> Reading {
            for _ in 1..<3 {
                if let answer = try? await HubHTTP(configuration: configuration).send("GET", "/metrics"), answer.status == 200 {
                    return Reading(text: String(decoding: answer.body, as: UTF8.self))
                }
                try await Task.sleep(for: .milliseconds(200))
            }
            let answer = try await HubHTTP(configuration: configuration).send("GET", "/metrics")
            guard answer.status == 200 else { throw ClientError.unexpectedAnswer("/metrics answered \(answer.status)") }
            return Reading(text: String(decoding: answer.body, as: UTF8.self))
        }

        init(text: String) {
            buckets = [:]
            let names = [HubMetrics.commitWait, HubMetrics.commitWork, HubMetrics.commitClose].map { $0 + "_bucket" }
            for line in text.split(separator: "\n") where names.contains(where: { line.hasPrefix($0) }) {
                guard let open = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}"),
                    let value = Double(line[line.index(after: close)...].trimmingCharacters(in: .whitespaces))
                else { continue }
                var labels = line[line.index(after: open)..<close].split(separator: ",").map(String.init)
                guard let le = labels.firstIndex(where: { $0.hasPrefix("le=") }) else { continue }
                let bound = labels.remove(at: le).dropFirst(4).dropLast()
                let series = String(line[..<open].dropLast("_bucket".count)) + (labels.isEmpty ? "" : "{\(labels.joined(separator: ","))}")
                buckets[series, default: [:]][bound == "+Inf" ? .infinity : Double(bound) ?? .nan] = value
            }
        }
    }

    /// What happened between `before` and `after`.
    init(from before: Reading, to after: Reading) {
        timers = after.buckets.keys.sorted().map { series in
            let counts = after.buckets[series]!.map { bound, count in (bound: bound, count: count - (before.buckets[series]?[bound] ?? 0)) }
                .sorted { $0.bound < $1.bound }
            return Timer(
                name: series, count: counts.last?.count ?? 0, p50Ms: Self.quantile(0.5, counts) * 1_000, p99Ms: Self.quantile(0.99, counts) * 1_000)
        }
    }

    /// The `q` quantile of cumulative `counts`, linear within the bucket it falls in; the last
    /// finite bound when it falls past them, 0 with nothing counted.
    private static func quantile(_ q: Double, _ counts: [(bound: Double, count: Double)]) -> Double {
        guard let total = counts.last?.count, total > 0 else { return 0 }
        let rank = q * total
        var (lower, below) = (0.0, 0.0)
        for (bound, count) in counts {
            if count >= rank {
                guard bound.isFinite else { return lower }
                return lower + (bound - lower) * (count > below ? (rank - below) / (count - below) : 1)
            }
            (lower, below) = (bound, count)
        }
        return lower
    }

    /// One line a timer, for the console.
    var lines: [String] {
        timers.map { "    \($0.name): " + String(format: "%.0f, p50 %.2f ms, p99 %.2f ms", $0.count, $0.p50Ms, $0.p99Ms) }
    }
}
