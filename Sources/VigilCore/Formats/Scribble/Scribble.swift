/// Foreground and background scribbles a person drew on one image (iCoseg), in image pixels.
public struct Scribble: Sendable, Hashable, Codable {
    /// The name of the image scribbled on, one line of text (a file name, or a thumbnail's hash).
    public let imageName: String
    /// The image's size, in pixels: every point lies inside it.
    public let imageSize: FrameSize
    /// The points on the person or thing to pick out, in image pixels.
    public let foreground: [PixelPoint]
    /// The points around it, in image pixels.
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

    /// Decodes `{imageName, imageSize, foreground, background}`, refusing what the initializer refuses.
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
    /// An image name that is empty, spans lines or has surrounding spaces.
    case invalidImageName(String)
    /// Point `index` of `layer` lies outside the image.
    case pointOutsideImage(PixelPoint, layer: ScribbleLayer, index: Int)

    /// The refusal in one sentence, naming the name or the point.
    public var description: String {
        switch self {
        case .invalidImageName(let name):
            "image name \"\(name)\" must be one line of text, not empty, without surrounding spaces"
        case .pointOutsideImage(let point, let layer, let index):
            "\(layer.rawValue) point \(index + 1) (\(point.x), \(point.y)) lies outside the image"
        }
    }
}
