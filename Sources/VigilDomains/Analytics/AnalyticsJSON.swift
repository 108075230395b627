import VigilCore
import VigilHub

// The wire shapes of the analytics domain (docs/protocol.md §6.8).

extension Rect {
    var json: JSONValue {
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

    /// Writes the fields that sort after the label, from it to the time, and ends the object.
    func endFromLabel(in writer: inout JSONWriter) {
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

extension ZoneRecord {
    /// The zone as defined, with who defined it and when.
    var json: JSONValue {
        var fields = (try? JSONValue(parsing: definition))?.objectValue ?? [:]
        fields["id"] = .string(id)
        fields["definedBy"] = .string(definedBy)
        fields["definedAt"] = .number(Double(definedAt))
        return .object(fields)
    }
}

extension ZoneCount {
    var json: JSONValue { ["hour": .number(Double(hour)), "direction": .string(direction), "count": .number(Double(count))] }
}
