import ArgumentParser
import Foundation
import VigilClient
import VigilCore

/// `vigil zones`: a site's watch zones (docs/protocol.md §6.9): list them with their figures,
/// define an area of rectangles or a counting line on a camera, remove one. A zone is written
/// `site/zone` (`hq/gate`).
struct ZonesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zones", abstract: "Watch zones on a site's cameras: areas that tell who is inside, lines that count crossings.",
        subcommands: [List.self, Define.self, Remove.self])

    /// One line per zone: id, kind and camera, how it judges, and its figures.
    static func line(for listed: ListedZone, since: Int64) -> String {
        let definition = listed.zone.definition
        var parts = ["\(listed.zone.id)", "\(definition.isLine ? "line" : "area") on \(definition.camera)"]
        if definition.isLine {
            parts.append((definition.direction ?? .both).rawValue)
            let thisHour = Int64(Date().timeIntervalSince1970 * 1000) / 3_600_000 * 3_600_000
            parts.append("\((listed.counts ?? []).filter { $0.hour == thisHour }.reduce(0) { $0 + $1.count }) crossings this hour")
        } else {
            switch definition.rule {
            case .intensity(let intensity)?: parts.append("intensity \(intensity)")
            case .anchor(let anchor)?: parts.append("anchor \(anchor.rawValue)")
            case nil: break
            }
            if case .text(let dwell)? = definition.dwell { parts.append("loitering after \(dwell)") }
            let from = Date(timeIntervalSince1970: Double(since) / 1000).formatted(date: .omitted, time: .shortened)
            parts.append("\(listed.recent ?? 0) detections since \(from)")
        }
        if let labels = definition.labels { parts.append("labels \(labels.joined(separator: ","))") }
        return parts.joined(separator: "  ")
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a site's zones with their figures, e.g. `vigil zones list hq --camera lobby`.")
        @Argument(help: "The site.") var site: String
        @Option(help: "Only the zones on this camera.") var camera: String?
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await withHub(connection, command: "zones list") { client in
                let list = try await client.zones(site: site, camera: camera)
                for zone in list.zones { say(ZonesCommand.line(for: zone, since: list.since)) }
            }
        }
    }

    struct Define: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Define a zone, e.g. `vigil zones define hq/gate --camera lobby --rect 100,100,200,150 --dwell 2m` or `vigil zones define hq/door --camera lobby --line 120,400,520,90 --direction left-to-right`.",
            discussion:
                "Coordinates are the camera frame's pixels. Left and right of a line are as seen from its first point towards its second. Needs an admin or operator token."
        )
        @Argument(help: "The zone, site/zone (e.g. hq/gate).") var zone: String
        @Option(help: "The camera it watches.") var camera: String
        @Option(name: .customLong("rect"), help: "An area's rectangle, X,Y,WIDTH,HEIGHT; repeat for more.") var rectangles: [String] = []
        @Option(help: "A counting line instead of an area, X1,Y1,X2,Y2.") var line: String?
        @Option(help: "Which crossings of a line count: left-to-right, right-to-left or both.") var direction: String?
        @Option(help: "Areas: the share of a box that must be inside, 0...1 (else its bottom centre must be).") var intensity: Double?
        @Option(help: "Areas: a track inside for this long raises a loitering alert (e.g. 90s, 2m).") var dwell: String?
        @Option(name: .customLong("label"), help: "Only detections with this label; repeat for more.") var labels: [String] = []
        @OptionGroup var connection: ConnectionOptions

        func validate() throws {
            guard (line == nil) != rectangles.isEmpty else { throw ValidationError("a zone is one --line or some --rect areas") }
        }

        func run() async throws {
            let (site, id) = try siteAndName(zone, what: "zone", example: "hq/gate")
            let labels = labels.isEmpty ? nil : labels
            let definition: WatchZoneDefinition
            if let line {
                let ends = try Self.numbers(line, count: 4, what: "--line X1,Y1,X2,Y2")
                definition = WatchZoneDefinition(
                    camera: camera, line: .init(from: Point(x: ends[0], y: ends[1]), to: Point(x: ends[2], y: ends[3])),
                    direction: try direction.map(Self.directions), labels: labels)
            } else {
                let regions = try rectangles.map { text in
                    let rect = try Self.numbers(text, count: 4, what: "--rect X,Y,WIDTH,HEIGHT")
                    return DrawnRegion.rect(Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
                }
                definition = WatchZoneDefinition(
                    camera: camera, regions: regions, rule: intensity.map(RegionRule.intensity), dwell: dwell.map(WireDuration.text), labels: labels)
            }
            try await withHub(connection, command: "zones define") { client in
                let seq = try await client.defineZone(id, site: site, definition)
                say("zone \(id) is watching \(camera)" + (seq.map { " (seq \($0))" } ?? ""))
            }
        }

        private static func directions(_ text: String) throws -> WatchZoneDefinition.Directions {
            guard let directions = WatchZoneDefinition.Directions(rawValue: text) else {
                throw ValidationError("--direction is left-to-right, right-to-left or both: found \(text)")
            }
            return directions
        }

        private static func numbers(_ text: String, count: Int, what: String) throws -> [Double] {
            let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == count else { throw ValidationError("\(what): found \(text)") }
            return numbers
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a zone, e.g. `vigil zones remove hq/gate`. Needs an admin or operator token.")
        @Argument(help: "The zone, site/zone (e.g. hq/gate).") var zone: String
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let (site, id) = try siteAndName(zone, what: "zone", example: "hq/gate")
            try await withHub(connection, command: "zones remove") { client in
                try await client.removeZone(id, site: site)
                say("zone \(id) removed")
            }
        }
    }
}
