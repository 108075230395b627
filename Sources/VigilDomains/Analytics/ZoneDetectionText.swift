import VigilCore

/// A detection inside an area as the zone tells it, canonical JSON (keys in order):
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
        head.beginObject()
        head.key("box")
        head.value(detection.box.json)
        head.field("camera", camera)
        head.key("id")
        self.head = head.text
        var tail = JSONWriter(capacity: 128)
        tail.beginObject()
        tail.key("intensity")
        tail.number(intensity)
        tail.field("label", detection.label)
        tail.key("score")
        tail.number(detection.score)
        if let thumbnail = detection.thumbnail { tail.field("thumbnail", thumbnail) }
        if let track = detection.trackID { tail.field("track", track) }
        tail.field("ts", detection.milliseconds)
        tail.endObject()
        self.tail = "," + tail.text.dropFirst()
    }

    func text(id: Int64) -> String {
        head + String(id) + tail
    }
}
