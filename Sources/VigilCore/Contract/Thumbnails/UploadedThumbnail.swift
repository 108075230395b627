/// The answer of `POST /api/thumbnails` (docs/protocol.md): the image as the hub stored it, named
/// by its SHA-256, which alerts, chat messages and flood markers then name.
public struct UploadedThumbnail: Sendable, Equatable, Codable {
    /// The SHA-256 of the image's bytes, 64 lowercase hex digits.
    public var hash: String
    /// Its media type: `image/jpeg`, `image/png` or `image/webp`.
    public var type: String
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// Its length in bytes.
    public var bytes: Int
    /// Where it is served (`/thumbnails/{hash}`), on the hub's origin.
    public var url: String

    /// An uploaded image with every field given.
    public init(hash: String, type: String, width: Int, height: Int, bytes: Int, url: String) {
        self.hash = hash
        self.type = type
        self.width = width
        self.height = height
        self.bytes = bytes
        self.url = url
    }
}
