import VigilCore

/// What a snapshot shows, chosen by the director so that a seed gives the same pictures: where the
/// figure stands and what it wears, and the colour of the camera's overlay bar.
struct SnapshotScene: Sendable {
    /// Across the frame, 0 (left) to 1 (right).
    var across: Double
    /// Into the room, 0 (at the far wall, small) to 1 (close to the camera, large).
    var depth: Double
    var shirt: RGB
    var bar: RGB

    static let shirts = [RGB(200, 40, 40), RGB(40, 150, 70), RGB(230, 200, 40), RGB(60, 90, 200), RGB(235, 235, 235)]
    /// The overlay's colour by what the sensor saw.
    static let motionBar = RGB(240, 170, 30)
    static let doorBar = RGB(40, 120, 220)
}

/// Paints a camera's snapshot: a wall and a floor in gradients, a person-like figure, and a
/// coloured bar along the bottom as a camera's overlay would have.
enum SnapshotPainter {
    private static let wallTop = RGB(62, 72, 88)
    private static let wallBottom = RGB(118, 126, 140)
    private static let floorFar = RGB(72, 64, 56)
    private static let floorNear = RGB(134, 118, 96)
    private static let skin = RGB(224, 180, 148)
    private static let trousers = RGB(40, 44, 60)

    static func paint(_ scene: SnapshotScene, size: FrameSize) -> RGBImage {
        let (width, height) = (size.width, size.height)
        var image = RGBImage(width: width, height: height)
        let horizon = height * 11 / 20
        for row in 0..<height {
            let colour =
                row < horizon
                ? wallTop.blended(with: wallBottom, by: Double(row) / Double(horizon))
                : floorFar.blended(with: floorNear, by: Double(row - horizon) / Double(max(height - horizon, 1)))
            image.fillRect(x: 0, y: row, width: width, height: 1, colour)
        }
        let barHeight = max(height / 18, 2)
        paintFigure(on: &image, scene, feet: horizon + Int(scene.depth * Double(height - horizon - barHeight - 2)))
        image.fillRect(x: 0, y: height - barHeight, width: width, height: barHeight, scene.bar)
        return image
    }

    /// A figure standing with its feet on row `feet`, larger the closer it is.
    private static func paintFigure(on image: inout RGBImage, _ scene: SnapshotScene, feet: Int) {
        let tall = Double(image.height) * (0.25 + 0.45 * scene.depth)
        let centre = Int(scene.across * Double(image.width))
        let legs = Int(tall * 0.45)
        let torso = Int(tall * 0.38)
        let shoulders = max(Int(tall * 0.26), 3)
        let head = max(Int(tall * 0.085), 2)
        let stride = max(shoulders / 6, 1)
        image.fillRect(x: centre - shoulders / 2 + stride, y: feet - legs, width: shoulders / 2 - stride, height: legs, trousers)
        image.fillRect(x: centre + stride / 2, y: feet - legs, width: shoulders / 2 - stride, height: legs, trousers)
        image.fillRect(x: centre - shoulders / 2, y: feet - legs - torso, width: shoulders, height: torso, scene.shirt)
        image.fillCircle(centerX: centre, centerY: feet - legs - torso - head, radius: head, skin)
    }

    static func png(_ scene: SnapshotScene, size: FrameSize) -> [UInt8] {
        PNGEncoder.encode(paint(scene, size: size))
    }
}
