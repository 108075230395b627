/// A whole-pixel position in an image, from its top-left corner.
public struct PixelPoint: Sendable, Hashable, Codable {
    /// Pixels from the left edge, 0 for the first column.
    public var x: Int
    /// Pixels from the top edge, 0 for the first row.
    public var y: Int

    /// The pixel at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

extension FrameSize {
    /// True when the pixel lies inside the image: 0 ≤ x < width and 0 ≤ y < height.
    public func contains(_ pixel: PixelPoint) -> Bool {
        (0..<width).contains(pixel.x) && (0..<height).contains(pixel.y)
    }
}
