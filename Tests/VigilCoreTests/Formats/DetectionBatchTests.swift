import Foundation
import Testing

@testable import VigilCore

@Suite("Detections batch")
struct DetectionBatchTests {
    private let hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

    private func parse(_ text: String) throws -> DetectionBatch {
        try DetectionBatchJSON.parse(Data(text.utf8))
    }

    @Test func readsTheGoldenBatch() throws {
        let batch = try DetectionBatchJSON.parse(Golden.data("Detections/lobby.json"))
        #expect(batch.camera == "hq-cam-3")
        #expect(batch.frameSize == (try FrameSize(width: 640, height: 480)))
        #expect(batch.detections.count == 2)
        let person = batch.detections[0]
        #expect(person.time == Date(timeIntervalSince1970: 1_772_366_400.25))
        #expect(person.box == Rect(x: 100, y: 120, width: 40, height: 110))
        #expect((person.label, person.score, person.trackID, person.thumbnail) == ("person", 0.93, 17, hash))
        #expect(person.appearance == [0.125, -0.5, 0.75, 0])
        let car = batch.detections[1]
        #expect(car.time == Date(timeIntervalSince1970: 1_772_366_400.5), "+08:00 is converted to UTC")
        #expect(car.trackID == nil && car.thumbnail == nil && car.appearance == nil)
    }

    @Test func writesTheGoldenBatchAndReadsItBack() throws {
        let batch = try DetectionBatchJSON.parse(Golden.data("Detections/lobby.json"))
        let written = DetectionBatchJSON.write(batch)
        #expect(String(decoding: written, as: UTF8.self) == (try Golden.text("Detections/lobby.written.json")))
        #expect(try DetectionBatchJSON.parse(written) == batch)
    }

    @Test func roundTripsRandomBatches() throws {
        var random = SeededRandom(seed: 61)
        let frame = try FrameSize(width: 1920, height: 1080)
        for _ in 0..<50 {
            let dimension = Int.random(in: 1...64, using: &random)
            let detections = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                let x = random.double(0...1800)
                let y = random.double(0...1000)
                return Detection(
                    time: Date(timeIntervalSince1970: random.double(0...4_000_000_000)),
                    box: Rect(x: x, y: y, width: random.double(1...(1920 - x)), height: random.double(1...(1080 - y))),
                    label: ["person", "car", "bag"].randomElement(using: &random)!, score: random.double(0...1),
                    trackID: Bool.random(using: &random) ? Int.random(in: 0...1_000_000, using: &random) : nil,
                    thumbnail: Bool.random(using: &random) ? hash : nil,
                    appearance: (0..<dimension).map { _ in Float.random(in: -1...1, using: &random) })
            }
            let batch = try DetectionBatch(camera: "cam-\(random.next() % 100)", frameSize: frame, detections: detections)
            #expect(try DetectionBatchJSON.parse(DetectionBatchJSON.write(batch)) == batch)
        }
    }

    private func batch(detection: String) -> String {
        #"{"camera": "c", "frame": {"width": 640, "height": 480}, "detections": [{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 10, "height": 10}, "label": "person", "score": 0.5}, "#
            + detection + "]}"
    }

    @Test(arguments: [
        (#"{"time": "yesterday", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1}"#, "detections[1].time"),
        (#"{"time": "2026-02-30T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1}"#, "detections[1].time"),
        (#"{"time": "2026-03-01T12:00:00Z", "box": {"x": 630, "y": 0, "width": 20, "height": 1}, "label": "a", "score": 1}"#, "detections[1].box"),
        (#"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 0, "height": 1}, "label": "a", "score": 1}"#, "detections[1].box"),
        (#"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "", "score": 1}"#, "detections[1].label"),
        (#"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1.5}"#, "detections[1].score"),
        (
            #"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1, "track": -3}"#,
            "detections[1].track"
        ),
        (
            #"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1, "thumbnail": "ABC"}"#,
            "detections[1].thumbnail"
        ),
        (
            #"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1, "appearance": []}"#,
            "detections[1].appearance"
        ),
        (#"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a"}"#, "detections[1].score"),
        (
            #"{"time": "2026-03-01T12:00:00Z", "box": {"x": "left", "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1}"#,
            "detections[1].box.x"
        ),
    ])
    func refusalsNameTheDetectionAndField(_ detection: String, _ field: String) {
        let error = refusal { _ = try parse(batch(detection: detection)) }
        #expect(error?.field == field, "\(String(describing: error))")
        #expect(error?.format == .detections)
    }

    @Test func appearanceVectorsMustShareOneLength() {
        let text =
            #"{"camera": "c", "frame": {"width": 64, "height": 48}, "detections": ["#
            + #"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1, "appearance": [1, 2]},"#
            + #"{"time": "2026-03-01T12:00:00Z", "box": {"x": 0, "y": 0, "width": 1, "height": 1}, "label": "a", "score": 1, "appearance": [1, 2, 3]}]}"#
        let error = refusal { _ = try parse(text) }
        #expect(error?.field == "detections[1].appearance")
        #expect(error?.message.contains("has 3 numbers but the batch's first vector has 2") == true)
    }

    @Test func batchFieldsAreChecked() {
        #expect(refusal { _ = try parse(#"{"camera": "", "frame": {"width": 1, "height": 1}, "detections": []}"#) }?.field == "camera")
        #expect(refusal { _ = try parse(#"{"camera": "c", "frame": {"width": 0, "height": 1}, "detections": []}"#) }?.field == "frame.width")
        #expect(refusal { _ = try parse(#"{"camera": "c", "frame": {"width": 1, "height": 1}}"#) }?.field == "detections")
    }

    @Test func timesAreKeptToTheMillisecond() throws {
        let detection = Detection(time: Date(timeIntervalSince1970: 10.123456), box: Rect(x: 0, y: 0, width: 1, height: 1), label: "a", score: 0)
        #expect(detection.time == Date(timeIntervalSince1970: 10.123))
    }
}
