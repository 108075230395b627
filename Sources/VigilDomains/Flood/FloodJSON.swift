import VigilCore

// The wire shapes of the flood domain's records (docs/protocol.md §6.7). A marker has two: the
// public one, without its reporter or their contact, and the moderators' one, with both.

extension FloodRegionRecord {
    var json: JSONValue {
        ["id": .string(id), "number": .number(Double(number)), "name": .string(name), "timeZone": .string(timeZone), "anonymous": .bool(anonymous)]
    }
}

extension FloodBoundaryRecord {
    var json: JSONValue {
        [
            "id": .number(Double(id)), "name": .string(name),
            "northWest": ["latitude": .number(north), "longitude": .number(west)],
            "southEast": ["latitude": .number(south), "longitude": .number(east)],
        ]
    }
}

extension FloodEventRecord {
    var json: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .number(Double(id)), "boundary": .number(Double(boundary)), "name": .string(name), "openedAt": .number(Double(openedAt)),
            "openedBy": .string(openedBy),
        ]
        fields["closedAt"] = closedAt.map { .number(Double($0)) }
        fields["closedBy"] = closedBy.map(JSONValue.string)
        return .object(fields)
    }
}

extension FloodMarkerRecord {
    /// What anyone who may read the region sees of an approved marker.
    var publicJSON: JSONValue {
        var fields: [String: JSONValue] = [
            "id": .number(Double(id)), "event": .number(Double(event)), "latitude": .number(latitude), "longitude": .number(longitude),
            "severity": .number(Double(severity)), "description": .string(description), "observedAt": .number(Double(observedAt)),
            "submittedAt": .number(Double(submittedAt)),
        ]
        fields["picture"] = picture.map(JSONValue.string)
        if !coverType.isEmpty { fields["coverType"] = .string(coverType) }
        fields["coverHeight"] = coverHeight.map(JSONValue.number)
        return .object(fields)
    }

    /// What the public hears of a marker taken down: which one, and where it was.
    var removalJSON: JSONValue {
        ["id": .number(Double(id)), "event": .number(Double(event)), "latitude": .number(latitude), "longitude": .number(longitude)]
    }

    /// What moderators see: the public fields, the status, the reporter and their contact.
    var moderationJSON: JSONValue {
        guard case .object(var fields) = publicJSON else { return publicJSON }
        fields["status"] = .string(status.rawValue)
        fields["reporter"] = .string(reporter)
        fields["email"] = .string(email)
        fields["phone"] = .string(phone)
        fields["moderatedBy"] = moderatedBy.map(JSONValue.string)
        fields["moderatedAt"] = moderatedAt.map { .number(Double($0)) }
        return .object(fields)
    }
}
