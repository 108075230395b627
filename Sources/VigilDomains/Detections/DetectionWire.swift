import VigilCore
import VigilHub

// The wire shapes of the detection domain (docs/protocol.md §6.8).

extension Rect {
    /// `{"height":…,"width":…,"x":…,"y":…}`, as every detection's box is written.
    public var json: JSONValue {
        ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)]
    }
}

extension FrameSize {
    var json: JSONValue { ["width": .number(Double(width)), "height": .number(Double(height))] }
}

extension Detection {
    /// A detection as the live overlay carries it, less the id its row is given: `{"box":…,…,"ts":…}`
    /// with the time in milliseconds and no vector. Written field by field, not through a
    /// dictionary: every detection stored is written once.
    var overlayText: String {
        var writer = JSONWriter(capacity: 160)
        writer.beginObject()
        writer.key("box")
        writer.value(box.json)
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

extension DetectionRecord {
    /// A detection as query results carry it.
    var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "id": .number(Double(id)), "camera": .string(camera), "ts": .number(Double(ts)), "box": box.json, "label": .string(label),
            "score": .number(score),
        ]
        fields["track"] = track.map { .number(Double($0)) }
        fields["thumbnail"] = thumbnail.map(JSONValue.string)
        fields["thumbnailURL"] = thumbnail.map { .string("/thumbnails/\($0)") }
        return fields
    }
}
