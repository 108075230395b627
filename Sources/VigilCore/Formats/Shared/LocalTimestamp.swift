import Foundation

/// A wall-clock date, with or without a time of day, written `yyyy-MM-dd HH:mm:ss` or
/// `yyyy-MM-dd` as the flood service writes them. It carries no time zone: the reader decides.
public struct LocalTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, such as 2026.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31 (a valid day of that month).
    public let day: Int
    /// Hour, minute and second; nil for a date without a time.
    public let time: Time?

    /// A time of day.
    public struct Time: Sendable, Hashable {
        /// The hour, 0 to 23.
        public let hour: Int
        /// The minute, 0 to 59.
        public let minute: Int
        /// The second, 0 to 59.
        public let second: Int
    }

    /// Parses `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`; nil when the text or the calendar date is invalid.
    public init?(_ text: String) {
        let parts = text.trimmingASCIIWhitespace().split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
            let date = LocalTimestamp.fields(parts[0], separator: "-", widths: [4, 2, 2])
        else { return nil }
        var time: Time?
        if parts.count == 2 {
            guard let clock = LocalTimestamp.fields(parts[1], separator: ":", widths: [2, 2, 2]),
                clock[0] < 24, clock[1] < 60, clock[2] < 60
            else { return nil }
            time = Time(hour: clock[0], minute: clock[1], second: clock[2])
        }
        guard CivilCalendar.isValid(year: date[0], month: date[1], day: date[2]) else { return nil }
        (year, month, day, self.time) = (date[0], date[1], date[2], time)
    }

    /// The wall-clock time of `date` in `timeZone`, to the second.
    public init(_ date: Date, in timeZone: TimeZone) {
        // The zone's offset at that instant, then civil arithmetic: a Calendar per value is slow
        // for the hundred thousand of a big marker file.
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let clock = seconds - days * 86_400
        (year, month, day) = CivilCalendar.civilFromDays(days)
        time = Time(hour: clock / 3600, minute: clock % 3600 / 60, second: clock % 60)
    }

    /// The text form, as parsed.
    public var description: String {
        var xml = XMLBytes(reservingCapacity: 19)
        write(to: &xml)
        return String(decoding: xml.bytes, as: UTF8.self)
    }

    /// The text form into a document being written, without a string of its own.
    func write(to xml: inout XMLBytes) {
        xml.decimal(year, width: 4)
        xml.markup("-")
        xml.decimal(month, width: 2)
        xml.markup("-")
        xml.decimal(day, width: 2)
        guard let time else { return }
        xml.markup(" ")
        xml.decimal(time.hour, width: 2)
        xml.markup(":")
        xml.decimal(time.minute, width: 2)
        xml.markup(":")
        xml.decimal(time.second, width: 2)
    }

    /// The instant this wall-clock time names in a time zone (midnight for a date alone).
    public func date(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: year, month: month, day: day, hour: time?.hour ?? 0, minute: time?.minute ?? 0,
            second: time?.second ?? 0)
        return calendar.date(from: components)!
    }

    /// Orders by date, then time; a date without a time comes before every time of that day.
    public static func < (lhs: LocalTimestamp, rhs: LocalTimestamp) -> Bool {
        let left = [lhs.year, lhs.month, lhs.day, lhs.time?.hour ?? -1, lhs.time?.minute ?? 0, lhs.time?.second ?? 0]
        let right = [rhs.year, rhs.month, rhs.day, rhs.time?.hour ?? -1, rhs.time?.minute ?? 0, rhs.time?.second ?? 0]
        return left.lexicographicallyPrecedes(right)
    }

    private static func fields(_ text: Substring, separator: Character, widths: [Int]) -> [Int]? {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == widths.count else { return nil }
        var values: [Int] = []
        for (part, width) in zip(parts, widths) {
            guard part.count == width, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                return nil
            }
            values.append(value)
        }
        return values
    }
}

extension LocalTimestamp: Codable {
    /// Coded as its text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = LocalTimestamp(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not yyyy-MM-dd or yyyy-MM-dd HH:mm:ss")
        }
        self = value
    }

    /// Encodes the text form, `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
