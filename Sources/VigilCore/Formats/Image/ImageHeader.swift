/// The kind and size of an image, read from its bytes alone (never from a file name or a
/// declared content type). Only what a thumbnail may be: JPEG, PNG or WebP, whole and not huge.
public struct ImageHeader: Sendable, Equatable {
    /// The image formats a thumbnail may be in.
    public enum Format: String, Sendable {
        /// JPEG, PNG or WebP.
        case jpeg, png, webp

        /// The media type the format is served with, such as `image/png`.
        public var mediaType: String { "image/\(rawValue)" }
    }

    /// The format the bytes are in.
    public var format: Format
    /// The width, in pixels.
    public var width: Int
    /// The height, in pixels.
    public var height: Int

    /// A header with each of its fields, unchecked; ``inspect(_:)`` reads one from an image's bytes.
    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Largest width or height accepted.
    public static let maxDimension = 8192
    /// Largest pixel count accepted (4096x4096, 16.7 MP): what a decoder would allocate for the
    /// image is bounded by the header, whatever the file's size (a 69-byte PNG may declare 8192x8192).
    public static let maxPixels = 16_777_216

    /// Reads the header and checks the image ends as its format says (a truncated upload is refused).
    public static func inspect(_ bytes: [UInt8]) throws(ImageError) -> ImageHeader {
        let header: ImageHeader
        if bytes.starts(with: PNG.signature) {
            header = try PNG.inspect(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            header = try JPEG.inspect(bytes)
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            header = try WebP.inspect(bytes)
        } else {
            throw .unsupported
        }
        guard header.width > 0, header.height > 0 else { throw .corrupt("the image has no pixels") }
        guard header.width <= maxDimension, header.height <= maxDimension, header.width * header.height <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height)
        }
        return header
    }
}

/// Why bytes are not an image a thumbnail may be.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a JPEG, PNG or WebP image.
    case unsupported
    /// A JPEG, PNG or WebP image that is cut short or malformed; the text says where.
    case corrupt(String)
    /// An image wider or taller than `ImageHeader.maxDimension` pixels, or of more than `ImageHeader.maxPixels` in all.
    case tooManyPixels(width: Int, height: Int)

    /// The refusal in one sentence, such as "not a JPEG, PNG or WebP image".
    public var description: String {
        switch self {
        case .unsupported: "not a JPEG, PNG or WebP image"
        case .corrupt(let why): "the image is damaged: \(why)"
        case .tooManyPixels(let width, let height):
            "the image is \(width)x\(height); at most \(ImageHeader.maxDimension) pixels a side and \(ImageHeader.maxPixels) in all"
        }
    }
}

/// Big- and little-endian integers at an offset, nil past the end.
extension Array where Element == UInt8 {
    func bigEndian(at offset: Int, bytes count: Int) -> Int? {
        guard offset >= 0, offset + count <= self.count else { return nil }
        return self[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian(at offset: Int, bytes count: Int) -> Int? {
        guard offset >= 0, offset + count <= self.count else { return nil }
        return self[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
