import VigilCore

// The wire shapes of the zone domain (docs/protocol.md §6.9).

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
