/// The flood domain's wire shapes (docs/protocol.md §6.7), named apart from the flood formats'
/// model (`FloodRegion`, `FloodMarker` of the legacy XML and the files).
public enum FloodWire {
    /// A flood region: a public place (a river's basin), not a site.
    public struct Region: Sendable, Equatable, Codable {
        /// The region's id, as its topic `flood/{id}` names it.
        public var id: String
        /// Its number in the legacy reporting app's protocol.
        public var number: Int64
        /// The region's name as people know it ("Red River").
        public var name: String
        /// The IANA time zone its reports' local times are in.
        public var timeZone: String
        /// Whether reports are taken without a reporter's contact.
        public var anonymous: Bool

        /// A region as the hub describes it.
        public init(id: String, number: Int64, name: String, timeZone: String, anonymous: Bool) {
            self.id = id
            self.number = number
            self.name = name
            self.timeZone = timeZone
            self.anonymous = anonymous
        }
    }

    /// A corner of a boundary, in degrees.
    public struct Corner: Sendable, Equatable, Codable {
        /// Degrees north, -90 to 90.
        public var latitude: Double
        /// Degrees east, -180 to 180.
        public var longitude: Double

        /// A corner at `latitude`, `longitude`.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// A box of a region where reports are taken while an event is open on it.
    public struct Boundary: Sendable, Equatable, Codable {
        /// The boundary's number, given by the hub.
        public var id: Int64
        /// What people call the place ("Fargo").
        public var name: String
        /// The box's north-west corner.
        public var northWest: Corner
        /// The box's south-east corner; west of the north-west one across the antimeridian.
        public var southEast: Corner

        /// A boundary as the hub describes it.
        public init(id: Int64, name: String, northWest: Corner, southEast: Corner) {
            self.id = id
            self.name = name
            self.northWest = northWest
            self.southEast = southEast
        }
    }

    /// A flood event on a boundary: open from `openedAt`, closed at `closedAt`.
    public struct Event: Sendable, Equatable, Codable {
        /// The event's number, given by the hub.
        public var id: Int64
        /// The number of the boundary it is open on.
        public var boundary: Int64
        /// What people call the flood ("Spring thaw 2026").
        public var name: String
        /// When it was opened, in ms since 1970.
        public var openedAt: Int64
        /// The name of the token that opened it.
        public var openedBy: String
        /// When it was closed, in ms since 1970; nil while it is open.
        public var closedAt: Int64?
        /// The name of the token that closed it; nil while it is open.
        public var closedBy: String?

        /// An event as the hub describes it.
        public init(id: Int64, boundary: Int64, name: String, openedAt: Int64, openedBy: String, closedAt: Int64? = nil, closedBy: String? = nil) {
            self.id = id
            self.boundary = boundary
            self.name = name
            self.openedAt = openedAt
            self.openedBy = openedBy
            self.closedAt = closedAt
            self.closedBy = closedBy
        }
    }

    /// A report on the map. The public sees its place, severity, words and photo; moderators also
    /// its status, its reporter and their contact (absent from the public's view).
    public struct Marker: Sendable, Equatable, Codable {
        /// The marker's number, given by the hub.
        public var id: Int64
        /// The number of the flood event it was reported in.
        public var event: Int64
        /// Where the water was seen, in degrees north.
        public var latitude: Double
        /// Where the water was seen, in degrees east.
        public var longitude: Double
        /// 1 (wet ground) to 5.
        public var severity: Int
        /// What the reporter wrote; empty when they wrote nothing.
        public var description: String
        /// When the water was seen, and when the report came, in ms since 1970.
        public var observedAt: Int64
        /// When the report reached the hub, in ms since 1970.
        public var submittedAt: Int64
        /// The photo's hash; approved markers' photos are served at `/api/flood/photos/{hash}`.
        public var picture: String?
        /// What covers the ground there (the legacy app's free text) and how high.
        public var coverType: String?
        /// How high the water stands over `coverType`, in the legacy app's unit; nil when not given.
        public var coverHeight: Double?
        /// `pending`, `approved` or `rejected`: for moderators.
        public var status: String?
        /// The name of the reporter's token: for moderators.
        public var reporter: String?
        /// The reporter's e-mail address, empty when not given: for moderators.
        public var email: String?
        /// The reporter's phone number, empty when not given: for moderators.
        public var phone: String?
        /// Who approved or rejected it: for moderators; nil while pending.
        public var moderatedBy: String?
        /// When it was approved or rejected, in ms since 1970: for moderators; nil while pending.
        public var moderatedAt: Int64?

        /// A marker with its public fields; the moderators' fields are set apart.
        public init(
            id: Int64, event: Int64, latitude: Double, longitude: Double, severity: Int, description: String, observedAt: Int64, submittedAt: Int64
        ) {
            self.id = id
            self.event = event
            self.latitude = latitude
            self.longitude = longitude
            self.severity = severity
            self.description = description
            self.observedAt = observedAt
            self.submittedAt = submittedAt
        }
    }

    /// What the public hears of a marker taken down: which one, and where it was.
    public struct RemovedMarker: Sendable, Equatable, Codable {
        /// The marker's number.
        public var id: Int64
        /// The number of the flood event it belonged to.
        public var event: Int64
        /// Where it was, in degrees north.
        public var latitude: Double
        /// Where it was, in degrees east.
        public var longitude: Double

        /// A removal as the hub tells it.
        public init(id: Int64, event: Int64, latitude: Double, longitude: Double) {
            self.id = id
            self.event = event
            self.latitude = latitude
            self.longitude = longitude
        }
    }
}
