import Foundation

/// A server's CPU time and resident memory from /proc: the process and its children (nginx's
/// workers are children of its master).
public struct ProcessSampler: Sendable {
    public struct Sample: Sendable {
        /// User plus system CPU seconds so far.
        public var cpuSeconds: Double
        public var residentBytes: Int
        public var at: Date
    }

    public let pid: Int32
    private static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    public init(pid: Int32) {
        self.pid = pid
    }

    public func sample() -> Sample? {
        let pids = [pid] + children()
        var ticks = 0.0
        var pages = 0
        var found = false
        for process in pids {
            guard let stat = Self.statFields(process) else { continue }
            found = true
            // Fields after the command: state is [0]; utime [11], stime [12]; rss (pages) [21].
            ticks += (Double(stat[11]) ?? 0) + (Double(stat[12]) ?? 0)
            pages += Int(stat[21]) ?? 0
        }
        guard found else { return nil }
        return Sample(cpuSeconds: ticks / Self.ticksPerSecond, residentBytes: pages * Self.pageSize, at: Date())
    }

    /// CPU use between two samples, in percent of one core.
    public static func cpuPercent(from start: Sample, to end: Sample) -> Double {
        let wall = end.at.timeIntervalSince(start.at)
        return wall > 0 ? (end.cpuSeconds - start.cpuSeconds) / wall * 100 : 0
    }

    private func children() -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { Int32($0) }.filter { Self.statFields($0).map { String($0[1]) } == String(pid) }
    }

    /// The fields of /proc/PID/stat after the command name (which may hold spaces).
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: end)...].split(separator: " ")
        return fields.count > 21 ? fields : nil
    }
}
