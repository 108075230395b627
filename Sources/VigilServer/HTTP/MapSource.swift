import Foundation
import VigilStore

/// Where the pages' map tiles come from: an MBTiles file the hub serves itself (a control room
/// cut off from the internet keeps its map), a tile server the operator names, or none (the pages
/// draw a graticule).
enum MapSource: Sendable {
    case none
    case file(MBTilesFile)
    case server(TileServer)

    /// Opens the file or checks the template `configuration` names; throws a sentence for the operator.
    init(_ configuration: ServerConfiguration) throws {
        switch (configuration.mapTiles, configuration.mapTilesURL) {
        case (nil, nil): self = .none
        case (let path?, nil): self = .file(try MBTilesFile(path: path))
        case (nil, let template?): self = .server(try TileServer(template: template, attribution: configuration.mapAttribution))
        case (_?, _?): throw MapSettingRefusal(description: "give --map-tiles or --map-tiles-url, not both")
        }
    }

    /// The origin the pages load tiles from besides the hub's own, for the CSP's `img-src`.
    var imageOrigin: String? {
        if case .server(let server) = self { server.origin } else { nil }
    }
}

/// A tile server named by its URL template, `https://tiles.example.org/{z}/{x}/{y}.png`.
struct TileServer: Sendable {
    let template: String
    /// `https://tiles.example.org`: the one origin the CSP lets images come from.
    let origin: String
    let attribution: String?

    init(template: String, attribution: String?) throws(MapSettingRefusal) {
        guard let url = URLComponents(string: template), url.scheme == "https", let host = url.host, !host.isEmpty,
            ["{z}", "{x}", "{y}"].allSatisfy(template.contains), !template.contains(where: { $0 == ";" || $0 == "'" || $0.isWhitespace })
        else {
            throw MapSettingRefusal(
                description: "--map-tiles-url wants an https URL with {z}, {x} and {y}, like https://tiles.example.org/{z}/{x}/{y}.png")
        }
        self.template = template
        origin = "https://\(host.lowercased())\(url.port.map { ":\($0)" } ?? "")"
        self.attribution = attribution
    }
}

/// A map setting the hub cannot use, in words for the operator who gave it.
struct MapSettingRefusal: Error, CustomStringConvertible, LocalizedError {
    let description: String
    var errorDescription: String? { description }
}
