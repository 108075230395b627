import Testing

@testable import VigilCore

@Suite("Frame scaling")
struct FrameScalingTests {
    private let view = try! FrameSize(width: 1024, height: 768)
    private let camera = try! FrameSize(width: 640, height: 480)

    @Test func aRegionDrawnOnTheViewLandsOnTheCameraFrame() {
        let scaling = FrameScaling(from: view, to: camera)
        #expect(scaling.apply(Rect(x: 512, y: 384, width: 256, height: 192)) == Rect(x: 320, y: 240, width: 160, height: 120))
        #expect(scaling.apply(Point(x: 1024, y: 768)) == Point(x: 640, y: 480))
    }

    @Test func scalingThereAndBackIsTheIdentityAndScalesAreas() {
        var random = SeededRandom(seed: 11)
        let there = FrameScaling(from: view, to: camera)
        let back = FrameScaling(from: camera, to: view)
        for _ in 0..<100 {
            let polygon = random.starPolygon()
            let scaled = there.apply(polygon)
            #expect(abs(scaled.area - polygon.area * (640.0 / 1024) * (480.0 / 768)) < 1e-6)
            let returned = back.apply(scaled).vertices
            for (a, b) in zip(returned, polygon.vertices) { #expect(a.distanceSquared(to: b) < 1e-18) }
            #expect(there.apply(RegionOfInterest.polygon(polygon)) == .polygon(scaled))
        }
    }

    @Test func frameSizesMustBePositive() {
        #expect(throws: GeometryError.invalidFrameSize(width: 0, height: 480)) { try FrameSize(width: 0, height: 480) }
    }
}
