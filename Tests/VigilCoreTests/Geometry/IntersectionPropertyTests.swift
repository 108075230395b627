import Testing

@testable import VigilCore

/// Properties that must hold for any shapes; each test runs a few hundred seeded random cases.
@Suite("Intersection properties")
struct IntersectionPropertyTests {
    private let tolerance = 1e-9

    @Test func rectIntersectionIsSymmetricAndNoLargerThanEither() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<500 {
            let a = random.rect()
            let b = random.rect()
            let shared = a.intersectionArea(with: b)
            #expect(shared == b.intersectionArea(with: a))
            #expect(shared >= 0 && shared <= min(a.area, b.area) + tolerance)
            #expect(a.intersectionOverUnion(b) == b.intersectionOverUnion(a))
        }
    }

    @Test func clippingARectPolygonAgreesWithRectArithmetic() {
        var random = SeededRandom(seed: 2)
        for _ in 0..<500 {
            let a = random.rect()
            let b = random.rect()
            #expect(abs(a.intersectionArea(with: b.polygon) - a.intersectionArea(with: b)) <= 1e-6)
        }
    }

    @Test func aRectAsAPolygonHasAreaWidthTimesHeight() {
        var random = SeededRandom(seed: 3)
        for _ in 0..<500 {
            let rect = random.rect()
            #expect(abs(rect.polygon.area - rect.width * rect.height) <= 1e-6)
        }
    }

    @Test func rectPolygonIntersectionIsBoundedByBothShapes() {
        var random = SeededRandom(seed: 4)
        for _ in 0..<300 {
            let rect = random.rect()
            let polygon = random.starPolygon()
            let shared = rect.intersectionArea(with: polygon)
            #expect(shared >= 0)
            #expect(shared <= rect.area + 1e-6)
            #expect(shared <= polygon.area + 1e-6)
            #expect(abs(RegionOfInterest.polygon(polygon).intersectionArea(with: rect) - shared) <= tolerance)
        }
    }

    @Test func aRectHoldingThePolygonSharesAllOfIt() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<200 {
            let polygon = random.starPolygon()
            let around = Rect(x: -1, y: -1, width: 202, height: 202)
            #expect(abs(around.intersectionArea(with: polygon) - polygon.area) <= 1e-6)
        }
    }

    @Test func polygonAreaAgreesWithAFineRasterCount() {
        var random = SeededRandom(seed: 6)
        for _ in 0..<20 {
            let polygon = random.starPolygon()
            let raster = rasterArea(over: polygon.bounds, step: 0.5, inside: polygon.contains)
            // Only cells crossed by the outline can be miscounted: perimeter x cell size bounds the error.
            #expect(abs(raster - polygon.area) <= perimeter(polygon) * 0.5)
        }
    }

    @Test func clippedAreaAgreesWithAFineRasterCount() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<20 {
            let polygon = random.starPolygon()
            let rect = random.rect(in: 20...180)
            let raster = rasterArea(over: rect, step: 0.25) { polygon.contains($0) }
            #expect(abs(raster - rect.intersectionArea(with: polygon)) <= (perimeter(polygon) + 2 * (rect.width + rect.height)) * 0.25)
        }
    }

    @Test func intensityIsTheFractionOfTheBoxInsideTheRegion() {
        var random = SeededRandom(seed: 8)
        for _ in 0..<300 {
            let box = random.rect()
            let region = RegionOfInterest.polygon(random.starPolygon())
            let intensity = region.intensity(of: box)
            #expect(intensity >= 0 && intensity <= 1)
            if box.area > 0 {
                #expect(abs(intensity * box.area - region.intersectionArea(with: box)) <= 1e-6)
            }
        }
    }

    private func perimeter(_ polygon: Polygon) -> Double {
        let vertices = polygon.vertices
        return zip(vertices, vertices.dropFirst() + [vertices[0]]).reduce(0) {
            $0 + $1.0.distanceSquared(to: $1.1).squareRoot()
        }
    }
}
