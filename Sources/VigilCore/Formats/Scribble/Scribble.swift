/// Foreground and background scribbles a person drew on one image (iCoseg), in image pixels.
public struct Scribble: Sendable, Hashable, Codable {
    public let imageName: String
    public let imageSize: FrameSize
    public let foreground: [PixelPoint]
    public let background: [PixelPoint]

    /// Refuses a name that is empty or spans lines, and any point outside the image.
    public init(
        imageName: String, imageSize: FrameSize, foreground: [PixelPoint], background: [PixelPoint]
    ) throws(ScribbleError) {
        guard !imageName.isEmpty, imageName.trimmingASCIIWhitespace() == imageName else {
            throw .invalidImageName(imageName)
        }
        guard !imageName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidImageName(imageName)
        }
        for (layer, points) in [(ScribbleLayer.foreground, foreground), (.background, background)] {
            if let index = points.firstIndex(where: { !imageSize.contains($0) }) {
                throw .pointOutsideImage(points[index], layer: layer, index: index)
            }
        }
        self.imageName = imageName
        self.imageSize = imageSize
        self.foreground = foreground
        self.background = background
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                imageName: try container.decode(String.self, forKey: .imageName),
                imageSize: try container.decode(FrameSize.self, forKey: .imageSize),
                foreground: try container.decode([PixelPoint].self, forKey: .foreground),
                background: try container.decode([PixelPoint].self, forKey: .background))
        } catch let error as ScribbleError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

/// Which of the two scribble sets a point belongs to.
public enum ScribbleLayer: String, Sendable, Hashable, Codable {
    case foreground, background
}

/// Why a scribble was refused.
public enum ScribbleError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidImageName(String)
    case pointOutsideImage(PixelPoint, layer: ScribbleLayer, index: Int)

    public var description: String {
        switch self {
        case .invalidImageName(let name):
            "image name \"\(name)\" must be one line of text, not empty, without surrounding spaces"
        case .pointOutsideImage(let point, let layer, let index):
            "\(layer.rawValue) point \(index + 1) (\(point.x), \(point.y)) lies outside the image"
        }
    }
}
