extension FloodWire {
    /// `GET /api/flood/events/{id}/markers.geojson` (docs/protocol.md): an event's approved markers
    /// as a GeoJSON FeatureCollection (RFC 7946), or what changed since a `seq` of the region.
    public struct MarkerFile: Sendable, Equatable, Codable {
        /// `FeatureCollection`.
        public var type: String
        /// A feature per public marker.
        public var features: [MarkerFeature]
        /// The `seq` of `flood/{region}` the file is as of: the next delta is asked `?since=` it.
        public var head: UInt64
        /// The event's name.
        public var name: String
        /// In a delta, the numbers of the markers removed since; nil in a whole file.
        public var removed: [Int64]?

        /// A file of `features` as of `head`.
        public init(features: [MarkerFeature], head: UInt64, name: String, removed: [Int64]? = nil) {
            type = "FeatureCollection"
            self.features = features
            self.head = head
            self.name = name
            self.removed = removed
        }
    }

    /// One public marker as a GeoJSON Feature: its place as the geometry, the rest as properties.
    public struct MarkerFeature: Sendable, Equatable, Codable {
        /// `Feature`.
        public var type: String
        /// The marker's number.
        public var id: Int64
        /// Where the water was seen.
        public var geometry: PointGeometry
        /// The public marker's fields but its place.
        public var properties: MarkerProperties

        /// The feature of a marker at `geometry`.
        public init(id: Int64, geometry: PointGeometry, properties: MarkerProperties) {
            type = "Feature"
            self.id = id
            self.geometry = geometry
            self.properties = properties
        }
    }

    /// A GeoJSON Point: `coordinates` are longitude, then latitude (RFC 7946 §3.1.1).
    public struct PointGeometry: Sendable, Equatable, Codable {
        /// `Point`.
        public var type: String
        /// Degrees east, then degrees north.
        public var coordinates: [Double]

        /// The point at `latitude`, `longitude`.
        public init(latitude: Double, longitude: Double) {
            type = "Point"
            coordinates = [longitude, latitude]
        }
    }

    /// What a marker file says of a public marker beside its place (`Marker`'s public fields).
    public struct MarkerProperties: Sendable, Equatable, Codable {
        /// The marker's number.
        public var id: Int64
        /// The number of the flood event it was reported in.
        public var event: Int64
        /// 1 (wet ground) to 5.
        public var severity: Int
        /// What the reporter wrote; empty when they wrote nothing.
        public var description: String
        /// When the water was seen, in ms since 1970.
        public var observedAt: Int64
        /// When the report reached the hub, in ms since 1970.
        public var submittedAt: Int64
        /// The photo's hash, served at `/api/flood/photos/{hash}`; nil without one.
        public var picture: String?
        /// What covers the ground there; nil when not given.
        public var coverType: String?
        /// How high the water stands over `coverType`; nil when not given.
        public var coverHeight: Double?

        /// The properties of a marker, its photo and cover as given.
        public init(
            id: Int64, event: Int64, severity: Int, description: String, observedAt: Int64, submittedAt: Int64, picture: String? = nil,
            coverType: String? = nil, coverHeight: Double? = nil
        ) {
            self.id = id
            self.event = event
            self.severity = severity
            self.description = description
            self.observedAt = observedAt
            self.submittedAt = submittedAt
            self.picture = picture
            self.coverType = coverType
            self.coverHeight = coverHeight
        }
    }
}
