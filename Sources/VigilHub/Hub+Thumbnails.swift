import VigilCore
import VigilStore

/// The thumbnail store, shared by every domain: events carry only the hashes.
extension Hub {
    /// Checks that the bytes are a whole JPEG, PNG or WebP within the limits: the thumbnail they
    /// make, not yet stored (an image sent with an event is stored in its commit, `PreparedPublish.storing`).
    public func checkThumbnail(_ bytes: [UInt8]) throws(ProtocolError) -> Thumbnail {
        let header: ImageHeader
        do {
            header = try ImageHeader.inspect(bytes)
        } catch {
            throw ProtocolError(.invalidImage, error.description)
        }
        return Thumbnail(hash: SHA256Hex.digest(bytes), mediaType: header.format.mediaType, width: header.width, height: header.height, bytes: bytes)
    }

    /// Checks the bytes as `checkThumbnail` does and stores them once, under their SHA-256: an
    /// upload of its own (`POST /api/thumbnails`). Any token may upload; the hash is what events then name.
    public func storeThumbnail(_ bytes: [UInt8]) async throws(ProtocolError) -> Thumbnail {
        let thumbnail = try checkThumbnail(bytes)
        _ = try await storeCall { try await thumbnails.put(thumbnail, at: clock.milliseconds()) }
        return thumbnail
    }

    /// The stored thumbnail named by `hash`, nil when there is none.
    public func thumbnail(_ hash: String) async throws(ProtocolError) -> Thumbnail? {
        try await storeCall { try await thumbnails.get(hash) }
    }
}
