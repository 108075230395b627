import Foundation

/// A latitude/longitude rectangle given by its north-west and south-east corners, like the
/// flood boundaries. When the west edge lies east of the east edge (west > east), the box crosses
/// the antimeridian (180°) and holds the longitudes west...180 and -180...east.
public struct GeoBox: Sendable, Hashable, Codable {
    /// The north-west corner: the north edge's latitude and the west edge's longitude, in degrees.
    public let northWest: GeoPoint
    /// The south-east corner: the south edge's latitude and the east edge's longitude, in degrees.
    public let southEast: GeoPoint

    /// Refuses a box whose north edge lies south of its south edge.
    public init(northWest: GeoPoint, southEast: GeoPoint) throws(GeoError) {
        guard northWest.latitude >= southEast.latitude else {
            throw .northBelowSouth(north: northWest.latitude, south: southEast.latitude)
        }
        self.northWest = northWest
        self.southEast = southEast
    }

    /// The north edge's latitude, in degrees.
    public var north: Double { northWest.latitude }
    /// The south edge's latitude, in degrees.
    public var south: Double { southEast.latitude }
    /// The west edge's longitude, in degrees.
    public var west: Double { northWest.longitude }
    /// The east edge's longitude, in degrees; less than `west` when the box crosses the antimeridian.
    public var east: Double { southEast.longitude }

    /// True when the box runs east from its west edge across 180° to its east edge.
    public var crossesAntimeridian: Bool { west > east }

    /// True when the point lies inside or on the border.
    public func contains(_ point: GeoPoint) -> Bool {
        guard point.latitude >= south, point.latitude <= north else { return false }
        if crossesAntimeridian { return point.longitude >= west || point.longitude <= east }
        return point.longitude >= west && point.longitude <= east
    }

    /// The smallest box holding every point within `radius` metres of `center` (great-circle),
    /// to prune an index before the exact `distance` check. Near a pole it spans all longitudes;
    /// near 180° it crosses the antimeridian.
    public static func around(_ center: GeoPoint, radius: Double) throws(GeoError) -> GeoBox {
        guard radius.isFinite, radius >= 0 else { throw .invalidRadius(radius) }
        let angular = radius / GeoPoint.earthRadius
        let north = center.latitude + angular.degrees
        let south = center.latitude - angular.degrees
        var west = -180.0
        var east = 180.0
        if north < 90, south > -90 {
            // Widest longitude reached on the circle (Matuschek, "Finding Points Within a Distance").
            let ratio = sin(angular) / cos(center.latitude.radians)
            if ratio < 1 {
                let delta = asin(ratio).degrees
                west = wrapped(center.longitude - delta)
                east = wrapped(center.longitude + delta)
            }
        }
        return try GeoBox(
            northWest: GeoPoint(latitude: min(90, north), longitude: west),
            southEast: GeoPoint(latitude: max(-90, south), longitude: east))
    }

    /// Brings a longitude back into -180...180.
    private static func wrapped(_ longitude: Double) -> Double {
        if longitude > 180 { return longitude - 360 }
        if longitude < -180 { return longitude + 360 }
        return longitude
    }
}
