/// The flood domain's event types (docs/protocol.md §6.7), and the `data` each carries.
public enum FloodEventType: String, Sendable, CaseIterable, Codable {
    case regionCreated = "region.created"
    case boundaryAdded = "boundary.added"
    case eventOpened = "event.opened"
    case eventClosed = "event.closed"
    case eventRenamed = "event.renamed"
    case markerSubmitted = "marker.submitted"
    case markersApproved = "markers.approved"
    case markersRejected = "markers.rejected"
    case markersRemoved = "markers.removed"
}

/// `region.created`.
public struct FloodRegionCreated: Sendable, Equatable, Codable {
    /// The region made.
    public var region: FloodWire.Region

    /// The event's data for `region`.
    public init(region: FloodWire.Region) { self.region = region }
}

/// `boundary.added`.
public struct FloodBoundaryAdded: Sendable, Equatable, Codable {
    /// The boundary added.
    public var boundary: FloodWire.Boundary

    /// The event's data for `boundary`.
    public init(boundary: FloodWire.Boundary) { self.boundary = boundary }
}

/// `event.opened`, `event.closed` and `event.renamed`: the event as it now is.
public struct FloodEventChanged: Sendable, Equatable, Codable {
    /// The event as it now is.
    public var event: FloodWire.Event

    /// The event's data for `event`.
    public init(event: FloodWire.Event) { self.event = event }
}

/// `marker.submitted`, on the region's reports topic: the report, as moderators see it.
public struct FloodMarkerSubmitted: Sendable, Equatable, Codable {
    /// The report, with its reporter and their contact.
    public var marker: FloodWire.Marker

    /// The event's data for `marker`.
    public init(marker: FloodWire.Marker) { self.marker = marker }
}

/// `markers.approved`, on the region's topic: the markers now on the public map.
public struct FloodMarkersApproved: Sendable, Equatable, Codable {
    /// The markers approved, in their public form.
    public var markers: [FloodWire.Marker]

    /// The event's data for `markers`.
    public init(markers: [FloodWire.Marker]) { self.markers = markers }
}

/// `markers.rejected`, on the reports topic: the numbers of the reports refused.
public struct FloodMarkersRejected: Sendable, Equatable, Codable {
    /// The numbers of the markers rejected.
    public var markers: [Int64]

    /// The event's data for `markers`.
    public init(markers: [Int64]) { self.markers = markers }
}

/// `markers.removed`: approved markers taken down again.
public struct FloodMarkersRemoved: Sendable, Equatable, Codable {
    /// Which markers went, and where they were.
    public var markers: [FloodWire.RemovedMarker]

    /// The event's data for `markers`.
    public init(markers: [FloodWire.RemovedMarker]) { self.markers = markers }
}

/// A region as the listing and the region's state give it: the region (nil before it is made),
/// its boundaries and its open events.
public struct FloodOutline: Sendable, Equatable, Codable {
    /// The region; nil before it is made.
    public var region: FloodWire.Region?
    /// Its boundaries, oldest first.
    public var boundaries: [FloodWire.Boundary]
    /// Its open events, oldest first.
    public var events: [FloodWire.Event]

    /// A region's outline.
    public init(region: FloodWire.Region?, boundaries: [FloodWire.Boundary], events: [FloodWire.Event]) {
        self.region = region
        self.boundaries = boundaries
        self.events = events
    }
}
