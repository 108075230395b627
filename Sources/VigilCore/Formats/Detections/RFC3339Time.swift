/// Exact, locale-free RFC 3339 times with millisecond precision, e.g. `2026-03-01T12:00:00.250Z`.
/// Written in UTC; read with `Z` or a `±HH:MM` offset. Done by hand so that parsing and writing
/// give back exactly the same millisecond on every platform.
public enum RFC3339Time {
    /// Milliseconds since 1970-01-01T00:00:00Z, or nil when the text is not an RFC 3339 date-time
    /// with a four-digit year. Fraction digits past the millisecond are dropped.
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40,
            let year = digits(bytes, 0..<4), bytes[4] == UInt8(ascii: "-"),
            let month = digits(bytes, 5..<7), bytes[7] == UInt8(ascii: "-"),
            let day = digits(bytes, 8..<10), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            let hour = digits(bytes, 11..<13), bytes[13] == UInt8(ascii: ":"),
            let minute = digits(bytes, 14..<16), bytes[16] == UInt8(ascii: ":"),
            let second = digits(bytes, 17..<19),
            CivilCalendar.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        var position = 19
        var milliseconds = 0
        if bytes[position] == UInt8(ascii: ".") {
            let start = position + 1
            position = start
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            let kept = bytes[start..<min(position, start + 3)] + Array(repeating: UInt8(ascii: "0"), count: 3)
            milliseconds = digits(Array(kept.prefix(3)), 0..<3)!
        }
        guard position < bytes.count, let offset = offsetMinutes(Array(bytes[position...])) else { return nil }
        let days = Int64(CivilCalendar.daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset * 60)
        return seconds * 1000 + Int64(milliseconds)
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC.
    public static func format(_ milliseconds: Int64) -> String {
        let (totalSeconds, millis) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(totalSeconds, 86_400)
        let date = CivilCalendar.civilFromDays(Int(days))
        let pad = CivilCalendar.zeroPadded
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
            + "T\(pad(Int(secondOfDay / 3600), 2)):\(pad(Int(secondOfDay % 3600 / 60), 2)):\(pad(Int(secondOfDay % 60), 2))"
            + ".\(pad(Int(millis), 3))Z"
    }

    /// `Z`, or `+HH:MM` / `-HH:MM` as minutes east of UTC.
    private static func offsetMinutes(_ text: [UInt8]) -> Int? {
        if text == [UInt8(ascii: "Z")] || text == [UInt8(ascii: "z")] { return 0 }
        guard text.count == 6, text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-"), text[3] == UInt8(ascii: ":"),
            let hours = digits(text, 1..<3), let minutes = digits(text, 4..<6), hours < 24, minutes < 60
        else { return nil }
        return (hours * 60 + minutes) * (text[0] == UInt8(ascii: "-") ? -1 : 1)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The decimal number spelled by exactly the bytes in `range`, or nil.
    private static func digits(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.upperBound <= bytes.count, bytes[range].allSatisfy(isDigit) else { return nil }
        return bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
