import Foundation
import VigilCore
import VigilHub

/// A reporter's photo sent with the marker itself (the legacy command's base64 picture, the
/// reporting page's `photo`), as a person without a token has no other way to send one: stored as
/// a thumbnail only once the region is known to take the requester's markers, so that a refused
/// marker leaves no photo behind. The submit command checks the region again in its commit.
enum FloodPhotoIntake {
    /// Refuses a requester without a token where the region takes markers only from reporters with one.
    static func admit(_ request: RouteRequest, to region: FloodRegionRecord) throws(ProtocolError) {
        if request.identity.isAnonymous, !region.anonymous {
            throw ProtocolError(.forbidden, "region \(region.name) takes markers only from reporters with a token")
        }
    }

    /// The photo's thumbnail hash, once the region admits the requester; the image is checked as
    /// every thumbnail is (a JPEG, PNG or WebP within the limits, else `invalid_image`).
    static func store(_ image: [UInt8], from request: RouteRequest, for region: FloodRegionRecord) async throws(ProtocolError) -> String {
        try admit(request, to: region)
        return try await request.storeThumbnail(image)
    }

    /// The `photo` field of a JSON submission, base64 of the image's bytes.
    static func decode(_ value: JSONValue) throws(ProtocolError) -> [UInt8] {
        guard let text = value.stringValue, let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            throw ProtocolError(.invalidData, "photo must be the image's bytes (JPEG, PNG or WebP) in base64")
        }
        return [UInt8](bytes)
    }
}
