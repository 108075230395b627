import Foundation
import Testing

@testable import VigilCore

@Suite("Timestamps")
struct TimestampTests {
    @Test func localTimestampsParseValidateAndPrint() {
        #expect(LocalTimestamp("2010-03-11 15:53:41")?.description == "2010-03-11 15:53:41")
        #expect(LocalTimestamp("2012-02-29")?.description == "2012-02-29")
        #expect(LocalTimestamp("2011-02-29") == nil)
        #expect(LocalTimestamp("2010-3-11") == nil)
        #expect(LocalTimestamp("2010-03-11 24:00:00") == nil)
        #expect(LocalTimestamp("2010-03-11T15:53:41") == nil)
        #expect(LocalTimestamp("2010-03-11 15:53:41")! > LocalTimestamp("2010-03-11")!)
    }

    @Test func localTimestampsNameAnInstantInAZone() throws {
        let chicago = try #require(TimeZone(identifier: "America/Chicago"))
        // 15:53:41 CST (UTC-6) is 21:53:41 UTC.
        #expect(LocalTimestamp("2010-03-11 15:53:41")!.date(in: chicago) == Date(timeIntervalSince1970: 1_268_344_421))
    }

    @Test func rfc3339ParsesOffsetsAndFractions() {
        #expect(RFC3339Time.parse("1970-01-01T00:00:00Z") == 0)
        #expect(RFC3339Time.parse("1970-01-01T00:00:00.5Z") == 500)
        #expect(RFC3339Time.parse("1970-01-01T00:00:00.123999Z") == 123)
        #expect(RFC3339Time.parse("1970-01-01T01:00:00+01:00") == 0)
        #expect(RFC3339Time.parse("1969-12-31T23:00:00-01:00") == 0)
        #expect(RFC3339Time.parse("2000-02-29T00:00:00Z") == 951_782_400_000)
        for bad in [
            "1970-01-01 00:00:00Z", "1970-01-01T00:00:00", "1970-01-01T00:00:00.Z", "1970-13-01T00:00:00Z", "1970-01-01T00:00:00+1:00",
            "１970-01-01T00:00:00Z",
        ] {
            #expect(RFC3339Time.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func rfc3339FormatsWhatItParses() {
        var random = SeededRandom(seed: 71)
        for _ in 0..<1000 {
            let milliseconds = Int64.random(in: 0..<DetectionBatch.timeLimit, using: &random)
            #expect(RFC3339Time.parse(RFC3339Time.format(milliseconds)) == milliseconds)
        }
        #expect(RFC3339Time.format(951_782_400_123) == "2000-02-29T00:00:00.123Z")
    }

    @Test func anInstantReadsAsTheWallClockOfAZoneAsACalendarSaysIt() throws {
        // Either side of Chicago's spring and autumn changes, Fiji across the date line, before 1970.
        let instants: [Double] = [1_268_520_000, 1_268_550_000, 1_289_120_000, 1_289_200_000, 1_767_225_600.9, -86_401, 0]
        for zoneName in ["America/Chicago", "Pacific/Fiji", "UTC", "Asia/Kolkata"] {
            let zone = try #require(TimeZone(identifier: zoneName))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for seconds in instants {
                let date = Date(timeIntervalSince1970: seconds)
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
                let expected = String(
                    format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
                #expect(LocalTimestamp(date, in: zone).description == expected, "\(seconds) in \(zoneName)")
            }
        }
    }
}
