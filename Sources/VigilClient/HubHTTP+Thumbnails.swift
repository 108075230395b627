import Foundation

extension HubHTTP {
    /// Uploads an image (JPEG, PNG or WebP) to the hub's thumbnail store and returns its SHA-256,
    /// which alerts and chat messages name. The same image uploaded twice is stored once.
    public func uploadThumbnail(_ bytes: [UInt8]) async throws -> String {
        guard let hash = try await send("POST", "/api/thumbnails", body: .bytes(bytes)).json()["hash"]?.stringValue else {
            throw ClientError.unexpectedAnswer("the upload returned no hash")
        }
        return hash
    }
}
