import VigilCore
import VigilHub
import VigilStore

// The wire shapes of the alert domain's records (docs/protocol.md, "Alerts").

extension AlertRecord {
    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(id), "site": .string(site), "kind": .string(kind), "severity": .number(Double(severity)),
            "message": .string(message), "thumbnails": .array(thumbnails.items.map(JSONValue.string)), "state": .string(state.rawValue),
            "raisedBy": .string(raisedBy), "raisedAt": .number(Double(raisedAt)), "escalateAt": .number(Double(escalateAt)),
        ]
        fields["location"] = location.map(JSONValue.string)
        fields["visit"] = visitID.map { .number(Double($0)) }
        fields["acknowledgedBy"] = acknowledgedBy.map(JSONValue.string)
        fields["acknowledgedAt"] = acknowledgedAt.map { .number(Double($0)) }
        fields["resolvedBy"] = resolvedBy.map(JSONValue.string)
        fields["resolvedAt"] = resolvedAt.map { .number(Double($0)) }
        fields["note"] = note.map(JSONValue.string)
        fields["escalatedAt"] = escalatedAt.map { .number(Double($0)) }
        fields["room"] = room.map(JSONValue.string)
        return .object(fields)
    }
}

extension LocationRecord {
    var json: JSONValue {
        var fields: [String: JSONValue] = ["id": .string(id), "name": .string(name), "visited": .bool(currentVisit != nil)]
        fields["visit"] = currentVisit.map { .number(Double($0)) }
        fields["lastMotionAt"] = lastMotionAt.map { .number(Double($0)) }
        return .object(fields)
    }
}

extension VisitRecord {
    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .number(Double(id)), "location": .string(location), "startedAt": .number(Double(startedAt)),
            "snapshots": .array(snapshots.items.map(JSONValue.string)),
        ]
        fields["alert"] = alertID.map(JSONValue.string)
        fields["endedAt"] = endedAt.map { .number(Double($0)) }
        return .object(fields)
    }
}
