import Foundation
import Hummingbird
import VigilCore
import VigilHub
import VigilStore

/// Upload (`POST /api/thumbnails`, the raw image as the body) and download
/// (`GET /thumbnails/{sha256}`). An image is checked by its bytes and stored once; its URL never
/// changes what it names, so browsers may keep it for a year.
struct ThumbnailRoutes {
    let hub: Hub

    func register(on router: Router<VigilRequestContext>) {
        let api = APIRequest(hub: hub)
        router.post("api/thumbnails") { request, context in
            _ = try await api.identity(request, context: context)
            let body = try await api.body(request, upTo: hub.configuration.maxThumbnailBytes)
            let thumbnail: Thumbnail
            do {
                thumbnail = try await hub.storeThumbnail(Array(buffer: body))
            } catch let refusal as ProtocolError {
                throw APIError(refusal)
            }
            let reply = UploadedThumbnail(
                hash: thumbnail.hash, type: thumbnail.mediaType, width: thumbnail.width, height: thumbnail.height, bytes: thumbnail.bytes.count,
                url: "/thumbnails/\(thumbnail.hash)")
            return APIRequest.json(encoding: reply, status: .created)
        }
        router.get("thumbnails/:hash") { request, context in
            let hash = try context.parameters.require("hash")
            guard HexText.isSHA256(hash) else {
                throw APIError(ProtocolError(.notFound, "thumbnails are named by 64 lowercase hex digits"))
            }
            let etag = "\"\(hash)\""
            let found: Thumbnail?
            do throws(ProtocolError) {
                found = try await hub.thumbnail(hash)
            } catch {
                throw APIError(error)
            }
            guard let thumbnail = found else {
                throw APIError(ProtocolError(.notFound, "no thumbnail \(hash)"))
            }
            // Content-addressed: the bytes behind a hash never change. `private`: snapshots of a site
            // are not for shared caches.
            var headers: HTTPFields = [
                .contentType: thumbnail.mediaType, .cacheControl: "private, max-age=31536000, immutable", .eTag: etag,
            ]
            if request.headers[values: .ifNoneMatch].contains(where: { $0 == etag || $0 == "*" }) {
                headers[.contentType] = nil
                return Response(status: .notModified, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: thumbnail.bytes)))
        }
    }
}
