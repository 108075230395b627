import Foundation

/// Figures side by side, one column per server, each with its ratio to the best of the others
/// (for throughput higher is better; for latency, loss and memory lower is).
public struct ComparisonTable: Sendable {
    public struct Row: Sendable {
        public var name: String
        public var values: [Double?]
        public var higherIsBetter: Bool
        public var format: String
        /// False for figures shown for context, not as a contest (no ratios).
        public var compared: Bool

        public init(_ name: String, _ values: [Double?], higherIsBetter: Bool, format: String = "%.0f", compared: Bool = true) {
            self.name = name
            self.values = values
            self.higherIsBetter = higherIsBetter
            self.format = format
            self.compared = compared
        }
    }

    public var columns: [String]
    public var rows: [Row] = []

    public init(columns: [String]) {
        self.columns = columns
    }

    /// `value / best of the others`, nil when there is nothing to compare with.
    public static func ratio(of index: Int, in values: [Double?], higherIsBetter: Bool) -> Double? {
        guard let value = values[index] else { return nil }
        let others = values.enumerated().filter { $0.offset != index }.compactMap(\.element)
        guard let best = higherIsBetter ? others.max() : others.min(), best != 0 else { return nil }
        return value / best
    }

    /// A Markdown table.
    public func render() -> String {
        var lines = ["| figure | " + columns.joined(separator: " | ") + " |", "|---" + String(repeating: "|---:", count: columns.count) + "|"]
        for row in rows {
            let cells = row.values.indices.map { index -> String in
                guard let value = row.values[index] else { return "n/a" }
                let text = String(format: row.format, value)
                guard row.compared, let ratio = Self.ratio(of: index, in: row.values, higherIsBetter: row.higherIsBetter) else { return text }
                return text + String(format: " (%.2fx)", ratio)
            }
            lines.append("| \(row.name) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The fan-out figures of one load, one result per server.
    public static func fanout(_ results: [FanoutResult], title: String) -> ComparisonTable {
        var table = ComparisonTable(columns: results.map { "\($0.target.rawValue)\($0.durable ? " (durable)" : "")" })
        table.rows = [
            Row("\(title): delivered msg/s", results.map { $0.deliveredPerSecond }, higherIsBetter: true),
            Row("published msg/s", results.map { $0.publishedPerSecond }, higherIsBetter: true),
            Row("latency p50 ms", results.map { $0.latency.p50 }, higherIsBetter: false, format: "%.2f"),
            Row("latency p99 ms", results.map { $0.latency.p99 }, higherIsBetter: false, format: "%.2f"),
            Row("latency p99.9 ms", results.map { $0.latency.p999 }, higherIsBetter: false, format: "%.2f"),
            Row("latency max ms", results.map { $0.latency.max }, higherIsBetter: false, format: "%.2f"),
            Row("lost / duplicated / out of order", results.map { Double($0.lost + $0.duplicated + $0.outOfOrder) }, higherIsBetter: false),
            Row("server CPU %", results.map { $0.serverCPUPercent }, higherIsBetter: false),
            Row("server RSS MiB", results.map { $0.serverRSSBytes.map { Double($0) / 1_048_576 } }, higherIsBetter: false, format: "%.1f"),
            Row("load generator CPU %", results.map { $0.loadGeneratorCPUPercent }, higherIsBetter: false, compared: false),
        ]
        return table
    }
}
