/// A point in frame pixels: x grows to the right, y grows downwards.
public struct Point: Sendable, Hashable, Codable {
    /// Pixels from the left edge.
    public var x: Double
    /// Pixels from the top edge.
    public var y: Double

    /// A point at (`x`, `y`), unchecked.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// True when both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
