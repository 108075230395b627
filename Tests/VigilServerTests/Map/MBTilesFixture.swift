import Foundation
import GRDB
import VigilTestSupport

/// A small MBTiles file made as an operator would, with GDAL (`gdal_translate -of MBTILES`, from
/// Debian's gdal-bin): a world of 512 × 512 pixels in Web Mercator, four tiles at zoom 1, each
/// quarter its own colour so that a tile served from the wrong row shows, and an attribution.
enum MBTilesFixture {
    static let translate = "/usr/bin/gdal_translate"
    static var isAvailable: Bool { TestTools.isAvailable(translate) }

    static let attribution = "© Test <b>Map</b> makers"

    /// Half the width of the Web Mercator world, in metres.
    static let edge = "20037508.342789244"

    /// Makes the file in `directory`; its path. With `around` (latitude, longitude), the picture
    /// covers about 39 km of Web Mercator around that place instead of the world, so GDAL makes its
    /// tiles at zoom 11 and a map of a town draws them little enlarged (the world's zoom-1 tiles,
    /// drawn at a town's zoom 13, are 4,096 times enlarged: minutes of painting on a busy machine).
    static func make(in directory: URL, around center: (latitude: Double, longitude: Double)? = nil) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let image = directory.appendingPathComponent("world.ppm")
        let size = 512
        var pixels = Array("P6\n\(size) \(size)\n255\n".utf8)
        for row in 0..<size {
            for column in 0..<size {
                pixels += [column < size / 2 ? 255 : 0, row < size / 2 ? 255 : 0, 128]
            }
        }
        try Data(pixels).write(to: image)
        let file = directory.appendingPathComponent("world.mbtiles")
        var corners = ["-\(edge)", edge, edge, "-\(edge)"]
        if let center {
            // Web Mercator metres of the centre, and half the picture's side.
            let x = center.longitude * 20_037_508.342789244 / 180
            let y = log(tan((90 + center.latitude) * Double.pi / 360)) * 6_378_137
            let half = 19_560.0
            corners = [x - half, y + half, x + half, y - half].map { String($0) }
        }
        let (status, output) = try runProcess(
            URL(fileURLWithPath: translate),
            [
                "-q", "-of", "MBTILES", "-a_srs", "EPSG:3857", "-a_ullr", corners[0], corners[1], corners[2], corners[3], image.path, file.path,
            ])
        guard status == 0 else { throw FixtureError(description: "gdal_translate failed: \(output)") }
        // The credit a map's maker asks for, with markup the pages must show as text.
        try DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: "INSERT INTO metadata (name, value) VALUES ('attribution', ?)", arguments: [attribution])
        }
        return file.path
    }

    /// The bytes stored for a tile, by its TMS row (0 in the south), read straight from the file.
    static func stored(in path: String, zoom: Int, column: Int, tmsRow: Int) throws -> Data? {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration).read { db in
            try Data.fetchOne(
                db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?", arguments: [zoom, column, tmsRow])
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let description: String
    }
}
