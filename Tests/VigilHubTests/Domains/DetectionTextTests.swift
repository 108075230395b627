import Foundation
import Testing
import VigilCore

@testable import VigilDetections
@testable import VigilZones

/// The live overlay's and the zones' detections are written field by field rather than through the
/// encoder, at ingest rates (`DetectionWire.swift`): each writer must write exactly what the
/// contract's type encodes, so that the two cannot drift.
struct DetectionTextTests {
    static let thumbnail = String(repeating: "9f", count: 32)
    static let detections = [
        Detection(
            time: Date(timeIntervalSince1970: 1_772_366_400.25), box: Rect(x: 100, y: 120, width: 40, height: 110), label: "person", score: 0.93,
            trackID: 17, thumbnail: thumbnail, appearance: [0.5, -0.25]),
        Detection(time: Date(timeIntervalSince1970: 1_772_366_401), box: Rect(x: 0.5, y: 1e-3, width: 639.5, height: 2.25), label: "car", score: 1),
        Detection(
            time: Date(timeIntervalSince1970: 1_772_366_402.999), box: Rect(x: 3, y: 4, width: 5, height: 6), label: "a \"quoted\" \\ label\u{2028}",
            score: 0.000_1, trackID: 0),
    ]

    @Test func theOverlayIsWhatItsContractTypeEncodes() throws {
        let batch = try DetectionBatch(camera: "lobby", frameSize: FrameSize(width: 640, height: 480), detections: Self.detections)
        let ids: [Int64?] = [7, nil, 9]
        let written = DetectionOverlay(batch).payload(ids: ids)
        let stored = zip(ids, Self.detections).compactMap { id, detection in id.map { detection.wire(id: $0, camera: nil) } }
        let typed = DetectionsOverlay(camera: "lobby", frame: batch.frameSize, detections: stored)
        #expect(try JSONValue(parsing: written) == JSONValue(encoding: typed), "\(written)")
        #expect(try JSONValue(parsing: written).decode(DetectionsOverlay.self) == typed, "and it reads back as the type")
    }

    @Test func aZonesDetectionIsTheCanonicalTextOfItsContractType() throws {
        for (index, detection) in Self.detections.enumerated() {
            let id = Int64(index + 1)
            let inside = ZoneDetectionText(detection, camera: "lobby", intensity: 0.375).text(id: id)
            let typed = ZoneDetection(detection: detection.wire(id: id, camera: "lobby"), intensity: 0.375)
            #expect(inside == (try JSONValue.canonicalText(of: typed)), "detection \(index)")
            let crossing = ZoneDetectionText.crossing(detection, camera: "lobby", direction: .rightToLeft, id: id)
            let crossed = ZoneCrossing(detection: detection.wire(id: id, camera: "lobby"), direction: .rightToLeft)
            #expect(crossing == (try JSONValue.canonicalText(of: crossed)), "crossing \(index)")
        }
    }
}
