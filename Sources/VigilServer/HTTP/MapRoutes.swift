import Foundation
import Hummingbird
import VigilCore
import VigilStore

/// The pages' map: `GET /map/config.json` says where tiles come from (or that there is no map),
/// and `GET /map/tiles/{z}/{x}/{y}.{format}` serves the MBTiles file's tiles. Both are public, as
/// the pages' files are: a map of the area is no secret, and the report page needs it unsigned.
struct MapRoutes {
    let source: MapSource

    /// The deepest zoom a tile address may name (web maps stop near 22).
    static let maxZoom = 30

    func register(on router: Router<VigilRequestContext>) {
        router.get("map/config.json") { _, _ in
            APIRequest.json(encoding: config)
        }
        router.get("map/tiles/:z/:x/:tile") { _, context in
            guard case .file(let file) = source else {
                throw APIError(ProtocolError(.notFound, "the hub serves no map tiles: it was started without --map-tiles"))
            }
            let (zoom, x, y) = try address(context, format: file.metadata.format)
            let found: [UInt8]?
            do {
                found = try await file.tile(zoom: zoom, x: x, y: y)
            } catch {
                throw APIError(ProtocolError(.storeUnavailable, "the map tiles cannot be read: \(error)"))
            }
            guard let bytes = found else {
                throw APIError(ProtocolError(.notFound, "no tile \(zoom)/\(x)/\(y) in the map"))
            }
            // The file does not change while the hub runs; a day lets a replaced file show by tomorrow.
            return Response(
                status: .ok, headers: [.contentType: file.metadata.mediaType, .cacheControl: "public, max-age=86400"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    /// Zoom, column and row of a tile address, each a whole number in range, the row's file named
    /// with the map's format (`5.png`).
    private func address(_ context: VigilRequestContext, format: String) throws -> (Int, Int, Int) {
        let tile = try context.parameters.require("tile")
        guard tile.hasSuffix(".\(format)") else {
            throw APIError(ProtocolError(.notFound, "this map's tiles are .\(format) files"))
        }
        let numbers = [try context.parameters.require("z"), try context.parameters.require("x"), String(tile.dropLast(format.count + 1))]
        guard numbers.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy(\.isASCIIDigit) }),
            let zoom = Int(numbers[0]), let x = Int(numbers[1]), let y = Int(numbers[2]), zoom <= Self.maxZoom, x < 1 << zoom, y < 1 << zoom
        else {
            throw APIError(ProtocolError(.badRequest, "a tile is /map/tiles/{z}/{x}/{y}.\(format): z from 0 to \(Self.maxZoom), x and y below 2^z"))
        }
        return (zoom, x, y)
    }

    /// What the pages need to draw the map's tiles.
    var config: MapConfiguration {
        switch source {
        case .none:
            return MapConfiguration(tiles: nil)
        case .file(let file):
            let metadata = file.metadata
            return MapConfiguration(
                tiles: "/map/tiles/{z}/{x}/{y}.\(metadata.format)", minZoom: metadata.minZoom, maxZoom: metadata.maxZoom, bounds: metadata.bounds,
                attribution: metadata.attribution)
        case .server(let server):
            return MapConfiguration(tiles: server.template, attribution: server.attribution)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
