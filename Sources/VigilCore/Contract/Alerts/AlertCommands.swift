/// The `data` of the commands of `alerts/{site}` (docs/protocol.md §6.3), one definition that
/// `VigilClient` sends and the hub's alert domain reads; the hub holds each value to its bounds.
public enum AlertCommand {
    /// `raise`: a sensor's, a guard's or an operator's alert.
    public struct Raise: Sendable, Equatable, Codable {
        /// `motion`, `door`, `panic`, `analytics` or `custom` (the hub raises the others itself).
        public var kind: String
        /// 1 to 5; the kind's default when nil.
        public var severity: Int?
        /// What happened, up to 500 characters; "Kind at location" when nil.
        public var message: String?
        /// The location's id (required for `motion`: visits are kept per location).
        public var location: String?
        /// A name for a location not seen before, up to 100 characters.
        public var locationName: String?
        /// Hashes of snapshots uploaded first with `POST /api/thumbnails`, at most 8.
        public var thumbnails: [String]?

        /// An alert of `kind`; the other fields are sent only when given.
        public init(
            kind: String, severity: Int? = nil, message: String? = nil, location: String? = nil, locationName: String? = nil,
            thumbnails: [String]? = nil
        ) {
            self.kind = kind
            self.severity = severity
            self.message = message
            self.location = location
            self.locationName = locationName
            self.thumbnails = thumbnails
        }

        private enum CodingKeys: String, CodingKey {
            case kind, severity, message, location, locationName, thumbnails
        }

        /// Reads the wire's fields; a severity with a fraction is refused naming it.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            kind = try fields.decode(String.self, forKey: .kind)
            severity = try fields.decodeWholeIfPresent(Int.self, forKey: .severity)
            message = try fields.decodeIfPresent(String.self, forKey: .message)
            location = try fields.decodeIfPresent(String.self, forKey: .location)
            locationName = try fields.decodeIfPresent(String.self, forKey: .locationName)
            thumbnails = try fields.decodeIfPresent([String].self, forKey: .thumbnails)
        }
    }

    /// `acknowledge` (`{alert}`) and `resolve` (`{alert, note?}`).
    public struct Decide: Sendable, Equatable, Codable {
        /// The alert's id.
        public var alert: String
        /// A resolution's note, up to 2,000 characters; `acknowledge` ignores it.
        public var note: String?

        /// A decision on `alert`.
        public init(alert: String, note: String? = nil) {
            self.alert = alert
            self.note = note
        }
    }
}
