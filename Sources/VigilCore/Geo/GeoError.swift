/// Why a geographic value was refused.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A latitude that is not a finite number within -90...90 degrees.
    case latitudeOutOfRange(Double)
    /// A longitude that is not a finite number within -180...180 degrees.
    case longitudeOutOfRange(Double)
    /// The north-west corner lies south of the south-east corner.
    case northBelowSouth(north: Double, south: Double)
    /// A radius, in metres, that is negative or not a finite number.
    case invalidRadius(Double)

    /// The refusal in one sentence, such as "latitude 91.0 is not within -90...90".
    public var description: String {
        switch self {
        case .latitudeOutOfRange(let value): "latitude \(value) is not within -90...90"
        case .longitudeOutOfRange(let value): "longitude \(value) is not within -180...180"
        case .northBelowSouth(let north, let south):
            "the north edge (latitude \(north)) lies south of the south edge (latitude \(south))"
        case .invalidRadius(let value): "radius \(value) m must be a finite number, not negative"
        }
    }
}
