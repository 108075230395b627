import Foundation
import Testing
import VigilClient
import VigilCore

/// The timeline against a brute-force count of the same generated detections: per bucket, the
/// distinct tracked objects, the detections, and the first time to jump to.
@Suite(.timeLimit(.minutes(10))) struct TimelineTests {
    struct Bucket: Equatable, CustomStringConvertible {
        let start: Int64
        let end: Int64
        let tracks: Int
        let detections: Int
        let jump: Int64
        var description: String { "[\(start)-\(end)) \(tracks)/\(detections) @\(jump)" }
    }

    @Test func bucketsCountDistinctTracksAsABruteForceCountDoes() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            var random = SeededRandom(seed: 29)
            let generated = try await GeneratedDetections.publish(hub, &random)
            let room = hub.client("guard")
            var bucketsSeen = 0
            for round in 0..<40 {
                var query = GeneratedDetections.Query.random(&random)
                if random.chance(0.4) { query.regions = nil }
                let bucket = random.pick([1_000, 10_000, 60_000, 300_000, 3_600_000] as [Int64])
                guard (query.to - query.from) / bucket < 10_000 else { continue }
                var data = query.json
                data["bucket"] = .number(Double(bucket))
                let answer = try await room.query(topic: "detections/hq", type: "timeline", data: .object(data))
                let got = (answer["buckets"]?.arrayValue ?? []).map { item in
                    Bucket(
                        start: Int64(item["start"]?.numberValue ?? -1), end: Int64(item["end"]?.numberValue ?? -1),
                        tracks: Int(item["tracks"]?.numberValue ?? -1), detections: Int(item["detections"]?.numberValue ?? -1),
                        jump: Int64(item["jump"]?.numberValue ?? -1))
                }
                let expected = buckets(generated.matches(query), from: detectionTime(query.from), to: detectionTime(query.to), size: bucket)
                #expect(got == expected, "round \(round): \(query.json)")
                #expect(answer["bucketMs"]?.numberValue == Double(bucket))
                bucketsSeen += expected.count

                // A bar opens its results: an roi query over the bucket finds one result per object counted.
                if let bar = expected.randomElement(using: &random), query.regions != nil {
                    var roi = query.json
                    roi["from"] = .number(Double(bar.start))
                    roi["to"] = .number(Double(bar.end))
                    let results = try await room.query(topic: "detections/hq", type: "roi", data: .object(roi))
                    #expect(results["total"]?.numberValue == Double(bar.tracks), "round \(round): \(bar)")
                }
            }
            #expect(bucketsSeen >= 200, "the generated timelines hold buckets: \(bucketsSeen)")
            await room.close()
        }
    }

    @Test func aBucketOutsideOneSecondToAnHourOrTooManyOfThemIsRefused() async throws {
        try await withHub { hub async throws in
            try await hub.importAnalyticsTopology()
            let room = hub.client("operator")
            let day: [String: JSONValue] = [
                "cameras": ["lobby"], "from": .number(Double(detectionTime(0))), "to": .number(Double(detectionTime(86_400_000))),
            ]
            for (bucket, named) in [(JSONValue.number(999), "data.bucket"), ("2h", "data.bucket"), ("1s", "86400 buckets"), (nil, "data.bucket")]
                as [(JSONValue?, String)]
            {
                var data = day
                data["bucket"] = bucket
                do {
                    _ = try await room.query(topic: "detections/hq", type: "timeline", data: .object(data))
                    Issue.record("bucket \(String(describing: bucket)) was answered")
                } catch ClientError.refused(let info) {
                    #expect(info.code == "invalid_data" && info.message.contains(named), "\(info.message)")
                }
            }
            var backwards = day
            backwards["bucket"] = "1m"
            backwards["to"] = .number(Double(detectionTime(-5)))
            #expect(
                await refusalCode { _ = try await room.query(topic: "detections/hq", type: "timeline", data: .object(backwards)) } == "invalid_data")
            var minutes = day
            minutes["bucket"] = "1m"
            let empty = try await room.query(topic: "detections/hq", type: "timeline", data: .object(minutes))
            #expect(empty["buckets"] == [] && empty["bucketMs"] == 60_000, "a day of minutes with nothing in it")
            await room.close()
        }
    }

    private func buckets(_ matches: [GeneratedDetections.Match], from: Int64, to: Int64, size: Int64) -> [Bucket] {
        Dictionary(grouping: matches) { (($0.detection.milliseconds - from) / size) }.sorted { $0.key < $1.key }.map { index, members in
            let start = from + index * size
            return Bucket(
                start: start, end: min(start + size, to), tracks: Set(members.map(\.object)).count, detections: members.count,
                jump: members.map(\.detection.milliseconds).min()!)
        }
    }
}
