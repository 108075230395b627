import VigilCore

// The wire shapes of the check-in domain's records (docs/protocol.md, "Check-ins").

extension CheckpointRecord {
    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "everyMs": .number(Double(everyMs)), "dueAt": .number(Double(dueAt)),
            "createdAt": .number(Double(createdAt)),
        ]
        fields["lastCheckInAt"] = lastCheckInAt.map { .number(Double($0)) }
        fields["lastGuard"] = lastGuard.map(JSONValue.string)
        return .object(fields)
    }
}
