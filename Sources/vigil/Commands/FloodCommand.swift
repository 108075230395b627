import ArgumentParser
import VigilClient
import VigilCore

struct FloodCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flood", abstract: "Flood regions, their boundaries and flood events.",
        subcommands: [Region.self, Boundary.self, FloodEventCommand.self])

    struct Region: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Flood regions.", subcommands: [Create.self])

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create a flood region, e.g. `vigil flood region create red-river --name \"Red River\" --time-zone America/Chicago`.",
                discussion: "Its topic is flood/ID. Needs an admin token.")
            @Argument(help: "Region id: letters, digits, - _ . (it becomes a topic segment, as in flood/red-river).") var id: String
            @Option(help: "Display name.") var name: String
            @Option(help: "IANA time zone in which the legacy protocol's dates are read and written.") var timeZone: String
            @Flag(help: "Accept markers from people without a token (pending until approved).") var anonymous = false
            @OptionGroup var connection: ConnectionOptions

            func validate() throws {
                guard Topic.isValidSegment(id) else { throw ValidationError("a region id is 1-64 characters of A-Z a-z 0-9 - _ .") }
            }

            func run() async throws {
                try await withHub(connection, command: "flood region create") { client in
                    let region = try await client.createFloodRegion(id, name: name, timeZone: timeZone, anonymous: anonymous)
                    print("flood region \(id) \"\(name)\" created (number \(region.number)), topic flood/\(id)")
                }
            }
        }
    }

    struct Boundary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Boundaries of a flood region.", subcommands: [Add.self])

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract:
                    "Add a boundary, e.g. `vigil flood boundary add --region red-river --name Fargo --north-west 46.95,-96.9 --south-east 46.8,-96.75`.",
                discussion: "Corners are LAT,LONG in degrees. Needs an admin token.")
            @Option(help: "Region id.") var region: String
            @Option(help: "Display name.") var name: String
            @Option(help: "North-west corner, LAT,LONG.") var northWest: String
            @Option(help: "South-east corner, LAT,LONG.") var southEast: String
            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                let corners = try [northWest, southEast].map(Self.point)
                try await withHub(connection, command: "flood boundary add") { client in
                    let boundary = try await client.addFloodBoundary(region: region, name: name, northWest: corners[0], southEast: corners[1])
                    print("boundary \(boundary.id) \"\(name)\" added to \(region)")
                }
            }

            private static func point(_ text: String) throws -> GeoPoint {
                let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, let point = try? GeoPoint(latitude: parts[0], longitude: parts[1]) else {
                    throw ValidationError("a corner is LAT,LONG in degrees, e.g. 46.95,-96.9; found \(text)")
                }
                return point
            }
        }
    }
}
