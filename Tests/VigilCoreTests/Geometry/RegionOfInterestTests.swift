import Foundation
import Testing

@testable import VigilCore

@Suite("Region of interest and intensity")
struct RegionOfInterestTests {
    /// A triangle with corners (0,0), (100,0), (0,100): area 5000.
    private let triangle = try! Polygon([Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100)])

    @Test func intensityOfABoxHalfInsideARect() {
        let region = RegionOfInterest.rect(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(region.intensity(of: Rect(x: 50, y: 10, width: 100, height: 20)) == 0.5)
        #expect(region.intensity(of: Rect(x: 10, y: 10, width: 10, height: 10)) == 1)
        #expect(region.intensity(of: Rect(x: 200, y: 10, width: 10, height: 10)) == 0)
    }

    @Test func intensityAgainstALasso() {
        // The box (0,0)-(50,50) lies wholly on the inner side of the hypotenuse x + y = 100
        // (its far corner touches it).
        let region = RegionOfInterest.polygon(triangle)
        #expect(abs(region.intensity(of: Rect(x: 0, y: 0, width: 50, height: 50)) - 1) < 1e-12)
        // The box (50,0)-(100,50) is cut by the hypotenuse into halves.
        #expect(abs(region.intensity(of: Rect(x: 50, y: 0, width: 50, height: 50)) - 0.5) < 1e-12)
    }

    @Test func aBoxWithoutAreaHasNoIntensity() {
        #expect(RegionOfInterest.polygon(triangle).intensity(of: Rect(x: 1, y: 1, width: 0, height: 5)) == 0)
    }

    @Test func regionsCodeAsTaggedObjects() throws {
        let regions: [RegionOfInterest] = [.rect(Rect(x: 1, y: 2, width: 3, height: 4)), .polygon(triangle)]
        let data = try JSONEncoder().encode(regions)
        #expect(try JSONDecoder().decode([RegionOfInterest].self, from: data) == regions)
        let text = String(decoding: try JSONEncoder().encode(regions[0]), as: UTF8.self)
        #expect(text.hasPrefix("{\"rect\":"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RegionOfInterest.self, from: Data("{}".utf8)) }
    }
}
