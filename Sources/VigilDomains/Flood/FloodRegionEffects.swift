import VigilCore
import VigilHub
import VigilStore

/// Records a new region under the topic's scope; refused when the id is taken, or when the hub
/// has its most regions (regions are not a site's: the legacy app lists them all in one answer).
struct CreateFloodRegion: DomainEffect {
    static let maxRegions = 200
    let id: String
    let name: String
    let timeZone: String
    let anonymous: Bool

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try FloodTables(transaction).floodRegion(id) == nil else {
            throw ProtocolError(.alreadyExists, "flood region \(id) exists already")
        }
        guard try FloodTables(transaction).floodRegionCount() < Self.maxRegions else {
            throw ProtocolError(.limitReached, "the hub has \(Self.maxRegions) flood regions, its most")
        }
        let region = try FloodTables(transaction).insertFloodRegion(id: id, name: name, timeZone: timeZone, anonymous: anonymous, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: FloodRegionCreated(region: region.wire))
        return []
    }
}

/// A boundary is a box, two corners, so its vertices need no bound of their own; a region's
/// boundaries are bounded, as every submission looks through them in its commit.
struct AddFloodBoundary: DomainEffect {
    static let maxPerRegion = 100
    let region: String
    let name: String
    let box: GeoBox

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        _ = try existingRegion(region, transaction)
        guard try FloodTables(transaction).floodBoundaryCount(of: region) < Self.maxPerRegion else {
            throw ProtocolError(.limitReached, "flood region \(region) has \(Self.maxPerRegion) boundaries, its most")
        }
        let boundary = try FloodTables(transaction).insertFloodBoundary(region: region, name: name, box: box, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: FloodBoundaryAdded(boundary: boundary.wire))
        return []
    }
}

/// Events are kept when closed (their files stay readable), so a region's events, open or
/// closed, are bounded in all.
struct OpenFloodEvent: DomainEffect {
    static let maxPerRegion = 500
    let region: String
    let boundary: Int64
    let name: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        _ = try existingBoundary(boundary, in: region, transaction)
        guard try FloodTables(transaction).floodEventCount(of: region) < Self.maxPerRegion else {
            throw ProtocolError(.limitReached, "flood region \(region) has \(Self.maxPerRegion) events, its most; events are kept when closed")
        }
        let opened = try FloodTables(transaction).insertFloodEvent(boundary: boundary, name: name, by: event.from, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: FloodEventChanged(event: opened.wire))
        return []
    }
}

/// open -> closed, once: no marker is submitted to a closed event.
struct CloseFloodEvent: DomainEffect {
    let region: String
    let event: Int64

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        var record = try existingEvent(self.event, in: region, transaction).event
        guard record.closedAt == nil else {
            throw ProtocolError(.invalidTransition, "flood event \(record.id) is already closed")
        }
        try FloodTables(transaction).closeFloodEvent(record.id, by: event.from, at: event.ts)
        record.closedAt = event.ts
        record.closedBy = event.from
        event.payload = try JSONValue.canonicalText(of: FloodEventChanged(event: record.wire))
        return []
    }
}

/// An event, open or closed, takes a new name: its files and the legacy answers carry it from then on.
struct RenameFloodEvent: DomainEffect {
    let region: String
    let event: Int64
    let name: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        var record = try existingEvent(self.event, in: region, transaction).event
        try FloodTables(transaction).renameFloodEvent(record.id, to: name)
        record.name = name
        event.payload = try JSONValue.canonicalText(of: FloodEventChanged(event: record.wire))
        return []
    }
}

func existingRegion(_ id: String, _ transaction: any DomainTransaction) throws -> FloodRegionRecord {
    guard let region = try FloodTables(transaction).floodRegion(id) else {
        throw ProtocolError(.notFound, "there is no flood region \(id)")
    }
    return region
}

func existingBoundary(_ id: Int64, in region: String, _ transaction: any DomainTransaction) throws -> FloodBoundaryRecord {
    guard let boundary = try FloodTables(transaction).floodBoundary(id), boundary.region == region else {
        throw ProtocolError(.notFound, "flood region \(region) has no boundary \(id)")
    }
    return boundary
}

/// A flood event of the region, with the boundary it belongs to.
func existingEvent(_ id: Int64, in region: String, _ transaction: any DomainTransaction) throws -> (
    event: FloodEventRecord, boundary: FloodBoundaryRecord
) {
    guard let event = try FloodTables(transaction).floodEvent(id), let boundary = try FloodTables(transaction).floodBoundary(event.boundary),
        boundary.region == region
    else {
        throw ProtocolError(.notFound, "flood region \(region) has no event \(id)")
    }
    return (event, boundary)
}
