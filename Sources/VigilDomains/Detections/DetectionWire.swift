import VigilCore
import VigilHub

// The detection domain's records in their wire shapes, the contract's types (docs/protocol.md §6.8).

extension DetectionRecord {
    /// The detection as queries and zones tell it.
    var wire: WireDetection {
        WireDetection(id: id, camera: camera, ts: ts, box: box, label: label, score: score, track: track.map(Int.init), thumbnail: thumbnail)
    }
}

extension Detection {
    /// The detection as the hub tells it once its row is `id`: `camera` nil for the live overlay,
    /// which names the camera once.
    public func wire(id: Int64, camera: String?) -> WireDetection {
        WireDetection(id: id, camera: camera, ts: milliseconds, box: box, label: label, score: score, track: trackID, thumbnail: thumbnail)
    }
}

// Every detection stored is written once for the overlay and once for each zone that holds it, at
// ingest rates (`vigil bench analytics`): these write the contract's `WireDetection` field by field,
// in its canonical text (keys sorted), rather than through an encoder. `DetectionTextTests` holds
// them to what the encoder writes, so the two cannot drift.

extension Detection {
    /// The overlay's detection, less the id its row is given: `{"box":…,"label":…,…,"ts":…}`.
    var overlayText: String {
        var writer = JSONWriter(capacity: 160)
        writer.beginObject()
        writer.box(box)
        endFromLabel(in: &writer)
        return writer.text
    }

    /// Writes the fields that sort after the label, from it to the time, and ends the object: the
    /// tail of every detection the hub writes (the zones' too).
    public func endFromLabel(in writer: inout JSONWriter) {
        writer.field("label", label)
        writer.key("score")
        writer.number(score)
        if let thumbnail { writer.field("thumbnail", thumbnail) }
        if let trackID { writer.field("track", trackID) }
        writer.field("ts", milliseconds)
        writer.endObject()
    }
}

extension JSONWriter {
    /// `"box":{"height":…,"width":…,"x":…,"y":…}`, a detection's box.
    public mutating func box(_ box: Rect) {
        key("box")
        beginObject()
        for (name, value) in [("height", box.height), ("width", box.width), ("x", box.x), ("y", box.y)] {
            key(name)
            number(value)
        }
        endObject()
    }
}
