import ArgumentParser
import Foundation
import VigilServer

/// Where the pages' maps take their tiles from: the hub's own MBTiles file, or a tile server.
struct MapOptions: ParsableArguments {
    @Option(
        name: .customLong("map-tiles"),
        help: "An MBTiles file of raster tiles for the pages' maps, served by the hub: works offline (env VIGIL_MAP_TILES). See the README.")
    var file: String?
    @Option(
        name: .customLong("map-tiles-url"),
        help: "Or a tile server the pages load tiles from, https://host/{z}/{x}/{y}.png; the CSP allows its origin (env VIGIL_MAP_TILES_URL).")
    var template: String?
    @Option(name: .customLong("map-attribution"), help: "The credit the tile server requires, shown on the maps (env VIGIL_MAP_ATTRIBUTION).")
    var attribution: String?

    func apply(to configuration: inout ServerConfiguration) {
        let environment = ProcessInfo.processInfo.environment
        configuration.mapTiles = file ?? environment["VIGIL_MAP_TILES"]
        configuration.mapTilesURL = template ?? environment["VIGIL_MAP_TILES_URL"]
        configuration.mapAttribution = attribution ?? environment["VIGIL_MAP_ATTRIBUTION"]
    }
}
