import ArgumentParser
import Foundation
import VigilClient
import VigilCore

/// `vigil flood event open|rename|close|list`: the flood events of a region's boundaries, opened,
/// renamed and closed by operators and admins (docs/protocol.md §6.7, `open_event`, `rename_event`
/// and `close_event`).
struct FloodEventCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event", abstract: "Flood events: reports are taken only inside a boundary with an open event.",
        subcommands: [Open.self, Rename.self, Close.self, List.self])

    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open a flood event on a boundary, e.g. `vigil flood event open --region red-river --boundary 1 --name \"Spring 2026\"`.",
            discussion: "The boundary is the number `vigil flood boundary add` printed. Needs an operator's or admin's token.")
        @Option(help: "Region id.") var region: String
        @Option(help: "Boundary number.") var boundary: Int64
        @Option(help: "Display name, e.g. Spring 2026.") var name: String
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await withHub(connection, command: "flood event open") { client in
                let event = try await client.openFloodEvent(region: region, boundary: boundary, name: name)
                print("flood event \(event.id) \"\(name)\" opened on boundary \(boundary) of \(region)")
            }
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rename a flood event, open or closed, e.g. `vigil flood event rename --region red-river 1 --name \"Spring flood 2026\"`.",
            discussion: "Its markers stay, and its files carry the new name. Needs an operator's or admin's token.")
        @Option(help: "Region id.") var region: String
        @Argument(help: "Event number, as `vigil flood event list` shows it.") var event: Int64
        @Option(help: "The new name.") var name: String
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await withHub(connection, command: "flood event rename") { client in
                _ = try await client.renameFloodEvent(region: region, event: event, name: name)
                print("flood event \(event) of \(region) renamed \"\(name)\"")
            }
        }
    }

    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Close a flood event, e.g. `vigil flood event close --region red-river 1`: reports to it are refused from then on.",
            discussion: "Needs an operator's or admin's token.")
        @Option(help: "Region id.") var region: String
        @Argument(help: "Event number, as `vigil flood event list` shows it.") var event: Int64
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await withHub(connection, command: "flood event close") { client in
                let closed = try await client.closeFloodEvent(region: region, event: event)
                print("flood event \(event) \"\(closed.name)\" of \(region) closed")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the open flood events, of every region or of one, e.g. `vigil flood event list --region red-river`.")
        @Option(help: "Only this region.") var region: String?
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let hub = try connection.clientConfiguration()
            let answer: JSONValue
            do {
                answer = try await HubHTTP(configuration: hub).send("GET", "/api/flood/regions").json()
            } catch {
                tell(error, command: "flood event list", connection: connection)
                throw ExitCode(2)
            }
            let regions = (answer["regions"]?.arrayValue ?? []).filter { region == nil || $0["region"]?["id"]?.stringValue == region }
            if let region, regions.isEmpty {
                FileHandle.standardError.write(Data("vigil flood event list: there is no flood region \(region)\n".utf8))
                throw ExitCode(2)
            }
            let lines = regions.flatMap(FloodEventLine.lines)
            print(lines.isEmpty ? "no open flood event" : lines.joined(separator: "\n"))
        }
    }
}

/// How `vigil flood event list` writes an open event: its number and name, where, and when and
/// by whom it was opened, in the region's time zone.
enum FloodEventLine {
    static func lines(of outline: JSONValue) -> [String] {
        let region = outline["region"]
        let id = region?["id"]?.stringValue ?? "?"
        let zone = region?["timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? .gmt
        let boundaries = Dictionary(
            (outline["boundaries"]?.arrayValue ?? []).map { (number($0["id"]), $0["name"]?.stringValue ?? "") },
            uniquingKeysWith: { first, _ in first })
        return (outline["events"]?.arrayValue ?? []).map { event in
            let boundary = number(event["boundary"])
            let opened = Date(timeIntervalSince1970: (event["openedAt"]?.numberValue ?? 0) / 1000)
            return
                "event \(number(event["id"])) \"\(event["name"]?.stringValue ?? "")\": \(id), boundary \(boundary) \"\(boundaries[boundary] ?? "")\", "
                + "opened \(time(opened, in: zone)) by \(event["openedBy"]?.stringValue ?? "?")"
        }
    }

    static func number(_ value: JSONValue?) -> Int {
        value?.numberValue.map { Int($0) } ?? 0
    }

    /// `2026-04-02 09:30 CDT`.
    private static func time(_ date: Date, in zone: TimeZone) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = zone
        format.dateFormat = "yyyy-MM-dd HH:mm zzz"
        return format.string(from: date)
    }
}
