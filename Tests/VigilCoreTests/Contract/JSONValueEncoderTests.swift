import Foundation
import Testing
import VigilCore

/// `JSONValue(encoding:)` writes no text: it must give the value Foundation's `JSONEncoder` text of
/// the same thing reads back as, for every shape of the contract and the corners of `Codable`.
struct JSONValueEncoderTests {
    /// What Foundation's encoder writes, read back by the hub's own parser.
    static func foundation(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(parsing: try JSONEncoder().encode(value))
    }

    /// Values with their optional fields set, nested lists and merged containers.
    static var filled: [any Encodable] {
        var detection = WireDetection(
            id: 9_007_199_254_740_000, camera: "gate", ts: 1_767_226_000_123, box: Rect(x: 0.5, y: -0.0, width: 10, height: 20.25), label: "person",
            score: 0.875, track: 42, thumbnail: String(repeating: "a", count: 64))
        var hit = DetectionHit(detection: detection, first: 1, last: 2, count: 3)
        hit.intensity = 0.1
        hit.thumbnailURL = "/thumbnails/aaa"
        detection.camera = nil
        let selection = DetectionSelection(
            cameras: ["gate", "hall"], from: 0, to: 3_600_000, regions: [.rect(Rect(x: 1, y: 2, width: 3, height: 4)), .lasso([Point(x: 1, y: 1)])],
            match: .allRegions, rule: .anchor(.bottomCenter), labels: ["person"], minScore: 0.5)
        let example: JSONValue = ["text": "ü \"quoted\" \n", "list": [1, 2.5, nil, true, ["deep": []]], "empty": [:]]
        return [
            RoiPage(results: [hit, DetectionHit(detection: detection, first: 5, last: 6, count: 1)], total: 2, next: "i.1.2.3"),
            RoiQueryData(selection, group: .perDetection, order: .time, limit: 500, cursor: "t.0.0.0"),
            SimilarQueryData(.vector([0.25, -1, 1e-9]), from: 1, to: 2, cameras: ["gate"], k: 100),
            example, ["b": 2, "a": 1] as [String: Int], [7: "seven"] as [Int: String], [[1.5], []] as [[Double]],
            Data([0, 1, 2, 250, 255]), URL(string: "https://example.org/a?b=c")!, Optional<String>.none, "top-level text", 12 as Int64,
        ]
    }

    @Test func everyContractShapeEncodesToWhatFoundationsTextReadsAs() throws {
        for sample in WireTypesTests.samples + Self.filled {
            let direct = try JSONValue(encoding: sample)
            let expected = try Self.foundation(sample)
            #expect(direct == expected, "\(type(of: sample)): \(direct.canonicalText) against \(expected.canonicalText)")
        }
    }

    @Test func aNumberJSONCannotWriteIsRefusedNamingWhereItWas() throws {
        let page = RoiPage(results: [], total: 0)
        var hit = DetectionHit(
            detection: WireDetection(id: 1, camera: nil, ts: 0, box: Rect(x: 0, y: 0, width: 1, height: 1), label: "", score: 0), first: 0, last: 0,
            count: 1)
        hit.intensity = .nan
        #expect(throws: EncodingError.self) { try JSONValue(encoding: RoiPage(results: [hit], total: 1)) }
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [Double.infinity]) }
        do {
            _ = try JSONValue(encoding: RoiPage(results: [hit], total: 1))
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["results", "Index 0", "intensity"])
        }
        #expect(try JSONValue(encoding: page) == ["results": [], "total": 0])
    }

    /// A type whose `encode(to:)` writes nothing: Foundation refuses it, and so does the hub.
    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func aValueThatEncodesNothingIsRefused() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Silent()) }
        #expect(throws: EncodingError.self) { try Self.foundation(Silent()) }
    }
}
