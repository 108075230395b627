import VigilCore

// The zone domain's records in their wire shapes, the contract's types (docs/protocol.md §6.9).

extension ZoneRecord {
    /// The zone as defined, with who defined it and when.
    var wire: WatchZone {
        get throws {
            WatchZone(
                id: id, definition: try JSONValue(parsing: definition).decode(WatchZoneDefinition.self), definedBy: definedBy, definedAt: definedAt)
        }
    }
}

extension ZoneCount {
    /// The count as a line's figures carry it; nil for a direction no crossing is counted in.
    var wire: ZoneHourCount? {
        TripLine.Direction(rawValue: direction).map { ZoneHourCount(hour: hour, direction: $0, count: Int(count)) }
    }
}
