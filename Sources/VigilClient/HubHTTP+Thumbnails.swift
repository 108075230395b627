import Foundation
import VigilCore

extension HubHTTP {
    /// Uploads an image (JPEG, PNG or WebP) to the hub's thumbnail store and returns its SHA-256,
    /// which alerts and chat messages name. The same image uploaded twice is stored once.
    public func uploadThumbnail(_ bytes: [UInt8]) async throws -> String {
        try await send("POST", "/api/thumbnails", body: .bytes(bytes)).json().decode(UploadedThumbnail.self, field: "the answer").hash
    }
}
