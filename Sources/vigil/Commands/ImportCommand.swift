import ArgumentParser
import Foundation
import VigilClient
import VigilCore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import data into a running hub.", subcommands: [Cameras.self])

    struct Cameras: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a site's camera topology, e.g. `vigil import cameras --site hq cameras.json`.",
            discussion: """
                FILE is the iSurveillance topology JSON ({"Number_of_cams", "Cams": [...]}) or the clean model \
                ({"cameras": [...]}); see docs/formats.md. The hub checks it and publishes it on cameras/SITE. \
                A topology larger than a WebSocket message (64 KiB) goes by PUT /api/sites/SITE/cameras.
                """)
        @Option(help: "Site whose cameras these are.") var site: String
        @Argument(help: "Topology JSON file.") var file: String
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let topology = try parseJSON(try Data(contentsOf: URL(fileURLWithPath: file)), what: file)
            try await withHub(connection, command: "import cameras") { client in
                let ok = try await client.request(.publish(topic: "cameras/\(site)", type: "topology", data: topology))
                let count = ok["data"]?["cameras"]?.arrayValue?.count ?? 0
                print("imported \(count) cameras for \(site) (cameras/\(site) seq \(ok["seq"]?.numberValue.map { Int($0) } ?? 0))")
            }
        }
    }
}
