import Foundation
import GRDB

/// An MBTiles file (github.com/mapbox/mbtiles-spec): raster map tiles in SQLite, in the table
/// `tiles(zoom_level, tile_column, tile_row, tile_data)` with TMS rows (row 0 in the south) and
/// what they are in `metadata(name, value)`. Opened read-only: the hub never writes to it.
public final class MBTilesFile: Sendable {
    /// What the file says about its tiles; zooms missing from `metadata` are read off the tiles.
    public struct Metadata: Sendable, Equatable {
        /// `png`, `jpg` or `webp`.
        public let format: String
        public let minZoom: Int
        public let maxZoom: Int
        /// West, south, east, north in degrees, when the file names them.
        public let bounds: [Double]?
        public let attribution: String?

        public var mediaType: String {
            switch format {
            case "jpg": "image/jpeg"
            case "webp": "image/webp"
            default: "image/png"
            }
        }
    }

    /// Why a file cannot be served, in words for the operator who named it.
    public struct Refusal: Error, CustomStringConvertible, LocalizedError {
        public let description: String
        public var errorDescription: String? { description }
    }

    /// The raster formats a browser draws; vector tiles (`pbf`) are refused.
    static let formats = ["png": "png", "jpg": "jpg", "jpeg": "jpg", "webp": "webp"]

    private let queue: DatabaseQueue
    public let metadata: Metadata

    public init(path: String) throws(Refusal) {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw Refusal(description: "\(path): no such file, or it cannot be read")
        }
        do {
            var configuration = Configuration()
            configuration.readonly = true
            queue = try DatabaseQueue(path: path, configuration: configuration)
            metadata = try queue.read(Self.describe)
        } catch let refusal as Refusal {
            throw Refusal(description: "\(path) is not a raster MBTiles file: \(refusal.description)")
        } catch {
            throw Refusal(description: "\(path) is not an MBTiles file (SQLite with the tables tiles and metadata): \(error)")
        }
    }

    private static func describe(_ db: Database) throws -> Metadata {
        // Both tables with the columns the specification names, or the statements fail.
        _ = try Row.fetchAll(db, sql: "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles LIMIT 0")
        let values = try Dictionary(
            Row.fetchAll(db, sql: "SELECT name, value FROM metadata").compactMap { row -> (String, String)? in
                guard let name = row["name"] as String?, let value = row["value"] as String? else { return nil }
                return (name, value)
            }, uniquingKeysWith: { first, _ in first })
        let named = values["format"]?.lowercased() ?? "png"
        guard let format = formats[named] else {
            throw Refusal(description: "its tiles are \(named); the hub serves png, jpg or webp")
        }
        guard let lowest = try Int.fetchOne(db, sql: "SELECT MIN(zoom_level) FROM tiles"),
            let highest = try Int.fetchOne(db, sql: "SELECT MAX(zoom_level) FROM tiles")
        else {
            throw Refusal(description: "it holds no tile")
        }
        let bounds = values["bounds"].map { $0.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        return Metadata(
            format: format, minZoom: values["minzoom"].flatMap { Int($0) } ?? lowest, maxZoom: values["maxzoom"].flatMap { Int($0) } ?? highest,
            bounds: bounds?.count == 4 ? bounds : nil, attribution: values["attribution"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The stored bytes of the tile at `zoom`, `x` and `y` counted from the north (as web maps
    /// count), or nil when the file has none there.
    public func tile(zoom: Int, x: Int, y: Int) async throws(StoreError) -> [UInt8]? {
        let row = (1 << zoom) - 1 - y
        do {
            return try await queue.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?", arguments: [zoom, x, row]
                )
                .map { Array($0) }
            }
        } catch {
            throw StoreError(error)
        }
    }
}
