import Foundation

/// A point on the Earth in degrees (WGS 84): latitude -90...90, longitude -180...180.
public struct GeoPoint: Sendable, Hashable {
    /// Degrees north of the equator (negative south), -90...90.
    public let latitude: Double
    /// Degrees east of Greenwich (negative west), -180...180.
    public let longitude: Double

    /// Creates a point; refuses NaN, infinities and out-of-range values.
    public init(latitude: Double, longitude: Double) throws(GeoError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Mean Earth radius (IUGG), in metres.
    public static let earthRadius = 6_371_008.8

    /// Great-circle distance in metres by the haversine formula.
    public func distance(to other: GeoPoint) -> Double {
        let phi1 = latitude.radians
        let phi2 = other.latitude.radians
        let deltaPhi = (other.latitude - latitude).radians
        let deltaLambda = (other.longitude - longitude).radians
        let sinPhi = sin(deltaPhi / 2)
        let sinLambda = sin(deltaLambda / 2)
        let h = sinPhi * sinPhi + cos(phi1) * cos(phi2) * sinLambda * sinLambda
        return 2 * GeoPoint.earthRadius * asin(min(1, h.squareRoot()))
    }
}

extension GeoPoint: Codable {
    private enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// Decodes `{latitude, longitude}` in degrees, refusing values out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{latitude, longitude}` in degrees.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}

extension Double {
    var radians: Double { self * .pi / 180 }
    var degrees: Double { self * 180 / .pi }
}
