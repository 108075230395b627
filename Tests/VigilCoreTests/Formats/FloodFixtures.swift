@testable import VigilCore

/// The flood values the golden files hold, built by hand from the seed's examples.
enum FloodFixtures {
    static func point(_ latitude: Double, _ longitude: Double) -> GeoPoint {
        try! GeoPoint(latitude: latitude, longitude: longitude)
    }

    static func time(_ text: String) -> LocalTimestamp { LocalTimestamp(text)! }

    static let northDakota = FloodRegion(
        id: 1, name: "North Dakota",
        boundaries: [
            FloodBoundary(id: 1, name: "Fargo", box: try! GeoBox(northWest: point(46.95, -96.9), southEast: point(46.8, -96.75))),
            FloodBoundary(id: 2, name: "Minot", box: try! GeoBox(northWest: point(48.28, -101.4), southEast: point(48.18, -101.22))),
        ])

    /// The seed's Placemark example.
    static let seedMarker = FloodMarker(
        id: 0,
        observation: FloodObservation(
            location: point(46.902811, -96.798019), observationTime: time("2010-03-11 15:53:41"),
            severity: FloodSeverity(4)!, comment: "Puddles on the road, nothing serious yet.", email: "",
            phoneNumber: "555555", coverType: "_", coverHeight: 1),
        uploadTime: time("2010-03-11 15:53:41"), valid: true,
        imageURL: "http://flood.cs.ndsu.nodak.edu/pictures/35.jpg")

    /// A marker whose user text needs every kind of escaping.
    static let hostileTextMarker = FloodMarker(
        id: 36,
        observation: FloodObservation(
            location: point(46.87, -96.79), observationTime: time("2010-03-12 08:00:00"), severity: FloodSeverity(5)!,
            comment: "Water <over> the \"bridge\" & rising; line one\nline two\r\nend ]]> </mark:UserComment>",
            email: "a&b@example.com", phoneNumber: "", coverType: "grass", coverHeight: 0.75),
        uploadTime: time("2010-03-12 08:05:00"), valid: false)
}
