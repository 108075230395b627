import Foundation
import Testing
import VigilCore
import VigilTestSupport

/// `serve --map-tiles FILE.mbtiles`: the hub serves the file's tiles as stored, rows counted from
/// the north as web maps count them; `--map-tiles-url` names a tile server instead, whose origin
/// alone the CSP then lets images come from.
@Suite(.timeLimit(.minutes(10)), .enabled(if: MBTilesFixture.isAvailable, "needs gdal-bin from Debian"))
struct MapTilesTests {
    @Test func eachTileOfTheFileIsServedAsStoredWithItsRowFlipped() async throws {
        let directory = try makeScratchDirectory("vigil-map")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try MBTilesFixture.make(in: directory)
        try await withHub(server: { $0.mapTiles = file }) { hub in
            let config = try await curl(hub.httpsBase + "/map/config.json", caFile: hub.caFile)
            #expect(config.status == 200)
            let fields = json(config.body)
            #expect(fields["tiles"] == "/map/tiles/{z}/{x}/{y}.png" && fields["minZoom"] == 1 && fields["maxZoom"] == 1)
            #expect(fields["attribution"]?.stringValue == MBTilesFixture.attribution)
            #expect(fields["bounds"]?.arrayValue?.count == 4 && fields["bounds"]?.arrayValue?.first == -180)

            var served: [Data] = []
            for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let saved = directory.appendingPathComponent("tile-\(x)-\(y).png")
                let tile = try await curl(hub.httpsBase + "/map/tiles/1/\(x)/\(y).png", caFile: hub.caFile, saveBodyTo: saved)
                #expect(tile.status == 200 && tile.headers["content-type"] == "image/png")
                #expect(tile.headers["cache-control"] == "public, max-age=86400")
                let stored = try #require(try MBTilesFixture.stored(in: file, zoom: 1, column: x, tmsRow: 1 - y))
                #expect(try Data(contentsOf: saved) == stored, "tile 1/\(x)/\(y) is the file's row \(1 - y), byte for byte")
                served.append(stored)
            }
            #expect(Set(served).count == 4, "each quarter its own tile: a row served unflipped would not match")
        }
    }

    @Test func aMissingTileIsNotFoundAndAnAddressThatIsNoTileIsRefused() async throws {
        let directory = try makeScratchDirectory("vigil-map")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try MBTilesFixture.make(in: directory)
        try await withHub(server: { $0.mapTiles = file }) { hub in
            for missing in ["0/0/0.png", "2/1/1.png", "1/0/0.jpg"] {
                let answer = try await curl(hub.httpsBase + "/map/tiles/\(missing)", caFile: hub.caFile)
                #expect(answer.status == 404 && json(answer.body)["code"] == "not_found", "\(missing)")
            }
            for wrong in ["1/2/0.png", "1/0/2.png", "a/0/0.png", "1/0/-1.png", "31/0/0.png", "1/0/.png", "99999999999/0/0.png"] {
                let answer = try await curl(hub.httpsBase + "/map/tiles/\(wrong)", caFile: hub.caFile)
                #expect(answer.status == 400 && json(answer.body)["code"] == "bad_request", "\(wrong)")
            }
        }
    }

    @Test func aTileServerIsNamedToThePagesAndItsOriginAloneIsAllowedForImages() async throws {
        try await withHub(server: {
            $0.mapTilesURL = "https://tiles.example.org:8080/osm/{z}/{x}/{y}.png"
            $0.mapAttribution = "© Example contributors"
        }) { hub in
            let config = try await curl(hub.httpsBase + "/map/config.json", caFile: hub.caFile)
            #expect(json(config.body) == ["tiles": "https://tiles.example.org:8080/osm/{z}/{x}/{y}.png", "attribution": "© Example contributors"])
            let page = try await curl(hub.httpsBase + "/map/config.json", caFile: hub.caFile)
            #expect(page.headers["content-security-policy"]?.contains("img-src 'self' data: blob: https://tiles.example.org:8080;") == true)
            #expect(try await curl(hub.httpsBase + "/map/tiles/1/0/0.png", caFile: hub.caFile).status == 404, "the hub serves no tiles itself")
        }
        try await withHub { hub in
            #expect(json(try await curl(hub.httpsBase + "/map/config.json", caFile: hub.caFile).body) == ["tiles": .null], "no map configured")
            let page = try await curl(hub.httpsBase + "/healthz", caFile: hub.caFile)
            #expect(page.headers["content-security-policy"]?.contains("img-src 'self' data: blob:;") == true, "images from the hub alone")
        }
    }

    /// A file that is not an MBTiles file, or a template that is no https tile URL, refuses the
    /// start with a sentence, before the hub makes its database.
    @Test(arguments: [
        ["--map-tiles", "notes.txt"], ["--map-tiles", "no-such.mbtiles"], ["--map-tiles-url", "http://tiles.example.org/{z}/{x}/{y}.png"],
    ])
    func serveRefusesAMapItCannotServe(_ option: [String]) throws {
        let directory = try makeScratchDirectory("vigil-map-serve")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a map".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let run = try runProcessTellingErrors(
            HubProcess.executable,
            [
                "serve", "--port", String(try freeLoopbackPort()), "--data-dir", directory.path,
                "--cert-dir", directory.appendingPathComponent("certs").path,
            ] + [option[0], option[0] == "--map-tiles" ? directory.appendingPathComponent(option[1]).path : option[1]])
        #expect(run.status != 0)
        let said =
            option[0] == "--map-tiles-url"
            ? "wants an https URL with {z}, {x} and {y}" : option[1] == "notes.txt" ? "is not an MBTiles file" : "no such file"
        #expect(run.errors.contains(said), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("vigil.sqlite").path))
    }
}
