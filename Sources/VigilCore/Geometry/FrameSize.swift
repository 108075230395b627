/// The size of a camera frame or a view in whole pixels.
public struct FrameSize: Sendable, Hashable, Codable {
    /// The width, in pixels (at least 1).
    public let width: Int
    /// The height, in pixels (at least 1).
    public let height: Int

    /// Creates a size; both sides must be at least one pixel.
    public init(width: Int, height: Int) throws(GeometryError) {
        guard width > 0, height > 0 else { throw .invalidFrameSize(width: width, height: height) }
        self.width = width
        self.height = height
    }

    /// The whole frame as a rectangle at the origin.
    public var rect: Rect { Rect(x: 0, y: 0, width: Double(width), height: Double(height)) }

    private enum CodingKeys: String, CodingKey { case width, height }

    /// Decodes `{width, height}`, refusing a side under one pixel.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let width = try container.decode(Int.self, forKey: .width)
        let height = try container.decode(Int.self, forKey: .height)
        do {
            try self.init(width: width, height: height)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .width, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{width, height}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}
