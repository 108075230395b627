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
    /// A stored detection as the live overlay carries it: its id, time in milliseconds, no vector.
    func json(id: Int64) -> JSONValue {
        var fields: [String: JSONValue] = [
            "id": .number(Double(id)), "ts": .number(Double(milliseconds)), "box": box.json, "label": .string(label), "score": .number(score),
        ]
        fields["track"] = trackID.map { .number(Double($0)) }
        fields["thumbnail"] = thumbnail.map(JSONValue.string)
        return .object(fields)
    }

    /// The same, naming its camera, as zones tell it.
    func json(id: Int64, camera: String) -> [String: JSONValue] {
        var fields = json(id: id).objectValue ?? [:]
        fields["camera"] = .string(camera)
        return fields
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
