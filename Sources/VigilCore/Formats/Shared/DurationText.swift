/// Durations as people type them: `45s`, `30m`, `2h`, `1h30m`, `500ms`, `1d`, `1d2h3m4s5ms`.
public enum DurationText {
    private static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]
    /// Longest accepted: a year, so that sums cannot overflow.
    public static let maxMilliseconds: Int64 = 366 * 86_400_000

    /// Milliseconds, or nil when the text is not a positive duration of at most a year. Each unit
    /// comes at most once and from the largest down (`1h30m`, never `30m1h` nor `1m1m1m`), so that
    /// a duration has one reading.
    public static func milliseconds(_ text: String) -> Int64? {
        var rest = Substring(text)
        var total: Int64 = 0
        var previousUnit = Int64.max
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 12, let amount = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            // "ms" before "m" and "s": the longest suffix that matches.
            guard let unit = units.filter({ rest.hasPrefix($0.suffix) }).max(by: { $0.suffix.count < $1.suffix.count }),
                unit.milliseconds < previousUnit
            else { return nil }
            previousUnit = unit.milliseconds
            rest = rest.dropFirst(unit.suffix.count)
            total += amount * unit.milliseconds
            guard total <= maxMilliseconds else { return nil }
        }
        return total > 0 ? total : nil
    }

    /// The shortest text for a whole number of the largest unit that divides it: 1800000 -> "30m".
    public static func text(_ milliseconds: Int64) -> String {
        let unit = units.reversed().first { milliseconds % $0.milliseconds == 0 } ?? units[0]
        return "\(milliseconds / unit.milliseconds)\(unit.suffix)"
    }
}
