import VigilCore

// The flood domain's records in their wire shapes, the contract's types (docs/protocol.md §6.7).
// A marker has two: the public one, without its reporter or their contact, and the moderators' one,
// with both.

extension FloodRegionRecord {
    var wire: FloodWire.Region {
        FloodWire.Region(id: id, number: number, name: name, timeZone: timeZone, anonymous: anonymous)
    }
}

extension FloodBoundaryRecord {
    var wire: FloodWire.Boundary {
        FloodWire.Boundary(
            id: id, name: name, northWest: FloodWire.Corner(latitude: north, longitude: west),
            southEast: FloodWire.Corner(latitude: south, longitude: east))
    }
}

extension FloodEventRecord {
    var wire: FloodWire.Event {
        FloodWire.Event(id: id, boundary: boundary, name: name, openedAt: openedAt, openedBy: openedBy, closedAt: closedAt, closedBy: closedBy)
    }
}

extension FloodMarkerRecord {
    /// What anyone who may read the region sees of an approved marker.
    var publicWire: FloodWire.Marker {
        var marker = FloodWire.Marker(
            id: id, event: event, latitude: latitude, longitude: longitude, severity: severity, description: description, observedAt: observedAt,
            submittedAt: submittedAt)
        marker.picture = picture
        marker.coverType = coverType.isEmpty ? nil : coverType
        marker.coverHeight = coverHeight
        return marker
    }

    /// What moderators see: the public fields, the status, the reporter and their contact.
    var moderationWire: FloodWire.Marker {
        var marker = publicWire
        marker.status = status.rawValue
        marker.reporter = reporter
        marker.email = email
        marker.phone = phone
        marker.moderatedBy = moderatedBy
        marker.moderatedAt = moderatedAt
        return marker
    }

    /// What the public hears of a marker taken down: which one, and where it was.
    var removalWire: FloodWire.RemovedMarker {
        FloodWire.RemovedMarker(id: id, event: event, latitude: latitude, longitude: longitude)
    }
}
