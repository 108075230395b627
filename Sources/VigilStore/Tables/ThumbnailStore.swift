import Foundation

/// A stored image, keyed by the SHA-256 of its bytes.
public struct Thumbnail: Sendable, Equatable {
    public var hash: String
    public var mediaType: String
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

    public init(hash: String, mediaType: String, width: Int, height: Int, bytes: [UInt8]) {
        self.hash = hash
        self.mediaType = mediaType
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// Snapshot thumbnails of alerts and visits (and, later, chat): content-addressed, so the same
/// image uploaded twice is stored once. Thumbnails are not events: they are facts named by events.
public struct ThumbnailStore: Sendable {
    let database: any StoreDatabase

    public init(database: any StoreDatabase) {
        self.database = database
    }

    /// Stores the thumbnail unless one with its hash is already there; true when it was new.
    @discardableResult
    public func put(_ thumbnail: Thumbnail, at time: Int64) async throws(StoreError) -> Bool {
        try await database.write { transaction in
            try transaction.putThumbnail(thumbnail, at: time)
            return transaction.changesCount == 1
        }
    }

    public func get(_ hash: String) async throws(StoreError) -> Thumbnail? {
        try await database.read { try $0.thumbnail(hash) }
    }
}

extension DomainTransaction {
    /// Stores the thumbnail in this transaction unless one with its hash is already there: an image
    /// that comes with an event is kept only if the event is (`Hub.PreparedPublish.storing`).
    public func putThumbnail(_ thumbnail: Thumbnail, at time: Int64) throws {
        try execute(
            """
            INSERT INTO thumbnails (hash, media_type, width, height, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (hash) DO NOTHING
            """,
            [thumbnail.hash, thumbnail.mediaType, thumbnail.width, thumbnail.height, Data(thumbnail.bytes), time])
    }

    /// The hashes among `hashes` that name no stored thumbnail.
    public func missingThumbnails(_ hashes: [String]) throws -> [String] {
        try hashes.filter { hash in try !exists("SELECT 1 FROM thumbnails WHERE hash = ?", [hash]) }
    }

    /// The stored thumbnail named by `hash`, nil when there is none.
    public func thumbnail(_ hash: String) throws -> Thumbnail? {
        try fetchOne(ThumbnailRow.self, "SELECT hash, media_type, width, height, bytes FROM thumbnails WHERE hash = ?", [hash])
            .map { Thumbnail(hash: $0.hash, mediaType: $0.mediaType, width: $0.width, height: $0.height, bytes: [UInt8]($0.bytes)) }
    }

    /// The width and height of a stored thumbnail, nil when there is none.
    public func thumbnailSize(_ hash: String) throws -> (width: Int, height: Int)? {
        try fetchOne(ThumbnailSize.self, "SELECT width, height FROM thumbnails WHERE hash = ?", [hash]).map { ($0.width, $0.height) }
    }
}

/// A row of `thumbnails`.
private struct ThumbnailRow: Decodable {
    var hash: String
    var mediaType: String
    var width: Int
    var height: Int
    var bytes: Data
}

private struct ThumbnailSize: Decodable {
    var width: Int
    var height: Int
}
