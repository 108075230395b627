import VigilCore
import VigilDetections

/// A detection inside an area as the zone tells it, a `ZoneDetection` in canonical JSON (keys in order):
/// `{"box":…,"camera":…,"id":…,"intensity":…,"label":…,"score":…,"thumbnail":…,"track":…,"ts":…}`.
/// Written with the zones' geometry, before the commit, but for the id its row is given there: the
/// commit only joins the pieces (`text(id:)`).
struct ZoneDetectionText: Sendable {
    /// `{"box":…,"camera":…,"id":`
    private let head: String
    /// `,"intensity":…,…,"ts":…}`
    private let tail: String

    init(_ detection: Detection, camera: String, intensity: Double) {
        var head = JSONWriter(capacity: 96)
        Self.beginWithBox(of: detection, camera: camera, in: &head)
        head.key("id")
        self.head = head.text
        var tail = JSONWriter(capacity: 128)
        tail.beginObject()
        tail.key("intensity")
        tail.number(intensity)
        detection.endFromLabel(in: &tail)
        self.tail = "," + tail.text.dropFirst()
    }

    func text(id: Int64) -> String {
        head + String(id) + tail
    }

    /// A detection crossing a line, a `ZoneCrossing`: `{"box":…,"camera":…,"direction":…,"id":…,"label":…,…}`,
    /// written by the commit, which decides the crossing, field by field.
    static func crossing(_ detection: Detection, camera: String, direction: TripLine.Direction, id: Int64) -> String {
        var writer = JSONWriter(capacity: 224)
        beginWithBox(of: detection, camera: camera, in: &writer)
        writer.field("direction", direction.rawValue)
        writer.field("id", id)
        detection.endFromLabel(in: &writer)
        return writer.text
    }

    private static func beginWithBox(of detection: Detection, camera: String, in writer: inout JSONWriter) {
        writer.beginObject()
        writer.box(detection.box)
        writer.field("camera", camera)
    }
}
