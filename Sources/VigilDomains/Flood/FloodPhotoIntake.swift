import Foundation
import VigilCore
import VigilHub
import VigilStore

/// A reporter's photo sent with the marker itself (the legacy command's base64 picture, the
/// reporting page's `photo`), as a person without a token has no other way to send one: checked
/// here, before the commit, and stored in the commit that accepts the marker
/// (`RouteRequest.publish(storing:)`), so that a refused marker leaves no photo behind.
enum FloodPhotoIntake {
    /// Refuses a requester without a token where the region takes markers only from reporters with one.
    static func admit(_ request: RouteRequest, to region: FloodRegionRecord) throws(ProtocolError) {
        if request.identity.isAnonymous, !region.anonymous {
            throw ProtocolError(.forbidden, "region \(region.name) takes markers only from reporters with a token")
        }
    }

    /// The photo as a thumbnail to store with the marker, once the region admits the requester;
    /// the image is checked as every thumbnail is (a JPEG, PNG or WebP within the limits, else `invalid_image`).
    static func check(_ image: [UInt8], from request: RouteRequest, for region: FloodRegionRecord) throws(ProtocolError) -> Thumbnail {
        try admit(request, to: region)
        return try request.checkThumbnail(image)
    }

    /// The `photo` field of a JSON submission, base64 of the image's bytes.
    static func decode(_ value: JSONValue) throws(ProtocolError) -> [UInt8] {
        guard let text = value.stringValue, let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            throw ProtocolError(.invalidData, "photo must be the image's bytes (JPEG, PNG or WebP) in base64")
        }
        return [UInt8](bytes)
    }
}
