import Foundation
import VigilCore
import VigilStore

/// Request/response reads and uploads for the HTTP API, with the same access rules as subscribing.
extension Hub {
    public static let maxPageSize = 200

    /// Refuses unless `identity` may read `topic` (as a subscription to it would be checked).
    public func authorizeRead(_ identity: Identity, topic: String) throws(ProtocolError) {
        try services.authorizeRead(identity, try TopicPattern(topic))
    }

    /// The site's locations by id, after `after`: `{locations, next?}`.
    public func locations(of site: String, as identity: Identity, after: String?, limit: Int) async throws(ProtocolError) -> JSONValue {
        try authorizeRead(identity, topic: "alerts/\(site)")
        let limit = min(max(limit, 1), Self.maxPageSize)
        let page = try await storeCall { try await tables.read { try $0.locations(of: site, after: after, limit: limit) } }
        var body: [String: JSONValue] = ["locations": .array(page.map(\.json))]
        if page.count == limit, let last = page.last { body["next"] = .string(last.id) }
        return .object(body)
    }

    /// A location's visits, newest first, older than visit `before`: `{location, visits, next?}`.
    public func visits(at location: String, site: String, as identity: Identity, before: Int64?, limit: Int) async throws(ProtocolError)
        -> JSONValue
    {
        try authorizeRead(identity, topic: "alerts/\(site)")
        let limit = min(max(limit, 1), Self.maxPageSize)
        let (place, page) = try await storeCall {
            try await tables.read { (try $0.location(location, site: site) == nil, try $0.visits(at: location, site: site, before: before, limit: limit)) }
        }
        if place {
            throw ProtocolError(.notFound, "site \(site) has no location \(location)")
        }
        var body: [String: JSONValue] = ["location": .string(location), "visits": .array(page.map(\.json))]
        if page.count == limit, let last = page.last { body["next"] = .number(Double(last.id)) }
        return .object(body)
    }

    /// The site's camera wall and current views, as `cameras/{site}` subscribers first receive it.
    public func cameras(of site: String, as identity: Identity) async throws(ProtocolError) -> JSONValue {
        let topic = try Topic("cameras/\(site)")
        try authorizeRead(identity, topic: topic.rawValue)
        guard let snapshot = try await storeCall({ try await services.snapshot(of: topic) }) else { return .object([:]) }
        return .object(snapshot.data)
    }

    /// Checks that the bytes are a whole JPEG, PNG or WebP within the limits and stores them once,
    /// under their SHA-256. Any token may upload; the hash is what events then name.
    public func storeThumbnail(_ bytes: [UInt8]) async throws(ProtocolError) -> Thumbnail {
        let header: ImageHeader
        do {
            header = try ImageHeader.inspect(bytes)
        } catch {
            throw ProtocolError(.invalidImage, error.description)
        }
        let hash = SHA256Hex.digest(bytes)
        let thumbnail = Thumbnail(hash: hash, mediaType: header.format.mediaType, width: header.width, height: header.height, bytes: bytes)
        _ = try await storeCall { try await thumbnails.put(thumbnail, at: currentMilliseconds()) }
        return thumbnail
    }
}
