import Foundation
import Testing

@testable import VigilCore

@Suite("Geo")
struct GeoTests {
    private func point(_ latitude: Double, _ longitude: Double) -> GeoPoint {
        try! GeoPoint(latitude: latitude, longitude: longitude)
    }

    @Test func refusesOutOfRangeCoordinates() {
        #expect(throws: GeoError.latitudeOutOfRange(90.5)) { try GeoPoint(latitude: 90.5, longitude: 0) }
        #expect(throws: GeoError.longitudeOutOfRange(-181)) { try GeoPoint(latitude: 0, longitude: -181) }
        #expect(throws: GeoError.self) { try GeoPoint(latitude: .nan, longitude: 0) }
        #expect(throws: Never.self) { try GeoPoint(latitude: -90, longitude: 180) }
    }

    @Test func haversineMatchesKnownDistances() {
        // Fargo to Minot is about 360 km; a degree of latitude is about 111.2 km.
        let fargo = point(46.8772, -96.7898)
        let minot = point(48.2330, -101.2963)
        #expect(abs(fargo.distance(to: minot) - 369_000) < 5_000)
        #expect(abs(point(0, 0).distance(to: point(1, 0)) - 111_195) < 1)
        #expect(point(10, 20).distance(to: point(10, 20)) == 0)
        // Across the antimeridian the short way round.
        #expect(abs(point(0, 179.5).distance(to: point(0, -179.5)) - 111_195) < 1)
    }

    @Test func boxContainment() throws {
        let fargo = try GeoBox(northWest: point(46.95, -96.9), southEast: point(46.8, -96.75))
        #expect(fargo.contains(point(46.9028, -96.798)))
        #expect(fargo.contains(point(46.95, -96.9)), "corners are inside")
        #expect(!fargo.contains(point(47, -96.8)))
        #expect(!fargo.contains(point(46.9, -96.7)))
        #expect(!fargo.crossesAntimeridian)
    }

    @Test func boxAcrossTheAntimeridian() throws {
        let fiji = try GeoBox(northWest: point(-15, 177), southEast: point(-20, -178))
        #expect(fiji.crossesAntimeridian)
        #expect(fiji.contains(point(-17, 179.9)))
        #expect(fiji.contains(point(-17, -179)))
        #expect(!fiji.contains(point(-17, 0)))
    }

    @Test func refusesABoxUpsideDown() {
        #expect(throws: GeoError.northBelowSouth(north: 10, south: 20)) {
            try GeoBox(northWest: point(10, 0), southEast: point(20, 5))
        }
    }

    @Test func boxAroundAPoint() throws {
        let box = try GeoBox.around(point(46.9, -96.8), radius: 10_000)
        #expect(abs((box.north - box.south) - 2 * 10_000 / 111_195.08) < 1e-4)
        #expect(box.west < -96.8 && box.east > -96.8)
        #expect(throws: GeoError.invalidRadius(-1)) { try GeoBox.around(point(0, 0), radius: -1) }
        let nearPole = try GeoBox.around(point(89.95, 10), radius: 20_000)
        #expect(nearPole.north == 90 && nearPole.west == -180 && nearPole.east == 180)
        #expect(try GeoBox.around(point(0, 179.99), radius: 5_000).crossesAntimeridian)
    }

    /// Every point within the radius lies in the box, wherever the centre is (poles, 180°).
    @Test func boxAroundHoldsEveryPointWithinTheRadius() throws {
        var random = SeededRandom(seed: 31)
        for _ in 0..<2000 {
            let center = point(random.double(-89.9...89.9), random.double(-180...180))
            let radius = random.double(1...2_000_000)
            let box = try GeoBox.around(center, radius: radius)
            // A point at a random bearing, at a random distance up to the radius.
            let bearing = random.double(0...(2 * .pi))
            let fraction = random.double(0...1)
            let target = destination(from: center, distance: radius * fraction, bearing: bearing)
            if center.distance(to: target) <= radius {
                #expect(box.contains(target), "center \(center), radius \(radius), target \(target)")
            }
        }
    }

    @Test func codesAsLatitudeAndLongitude() throws {
        let data = try JSONEncoder().encode(point(1.5, -2.25))
        #expect(try JSONDecoder().decode(GeoPoint.self, from: data) == point(1.5, -2.25))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GeoPoint.self, from: Data(#"{"latitude":91,"longitude":0}"#.utf8))
        }
    }

    /// The point reached by going `distance` metres along a great circle at `bearing` (radians).
    private func destination(from start: GeoPoint, distance: Double, bearing: Double) -> GeoPoint {
        let angular = distance / GeoPoint.earthRadius
        let phi1 = start.latitude * .pi / 180
        let lambda1 = start.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(angular) + cos(phi1) * sin(angular) * cos(bearing))
        let lambda2 = lambda1 + atan2(sin(bearing) * sin(angular) * cos(phi1), cos(angular) - sin(phi1) * sin(phi2))
        var longitude = lambda2 * 180 / .pi
        longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
        return point(min(90, max(-90, phi2 * 180 / .pi)), longitude)
    }
}
