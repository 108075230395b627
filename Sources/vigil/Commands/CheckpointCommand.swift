import ArgumentParser
import Foundation
import VigilClient
import VigilCore

struct CheckpointCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoint", abstract: "Patrol checkpoints.", subcommands: [Create.self, Assign.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a checkpoint and print its QR code text, e.g. `vigil checkpoint create --site hq --name \"Gate B\" --every 30m`.",
            discussion: """
                Print the code as a QR code and fix it at the checkpoint; guards scan it to check in. The code is \
                signed by the hub and shown only now. A checkpoint not visited within --every raises a \
                missed-checkpoint alert on alerts/SITE. Needs an admin or operator token.
                """)
        @Option(help: "Site of the checkpoint.") var site: String
        @Option(help: "Name guards and the control room see.") var name: String
        @Option(help: "Patrol interval: 30m, 1h, 90s ...") var every: String
        @OptionGroup var connection: ConnectionOptions

        func validate() throws {
            guard DurationText.milliseconds(every) != nil else { throw ValidationError("--every takes a duration such as 30m, 2h or 90s") }
        }

        func run() async throws {
            try await withHub(connection, command: "checkpoint create") { client in
                let created = try await client.createCheckpoint(site: site, name: name, every: .text(every))
                print("checkpoint \(created.checkpoint) \"\(name)\" at \(site), every \(every)")
                print("QR code: \(created.code)")
            }
        }
    }

    struct Assign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a checkpoint's round to a guard, e.g. `vigil checkpoint assign --site hq --checkpoint cp_R2d8kQz0LmXa --guard gus`.",
            discussion: """
                A missed round of the checkpoint is pushed to that guard's phones; with --nobody, to the phones of \
                every guard of the site. Needs an admin or operator token.
                """)
        @Option(help: "Site of the checkpoint.") var site: String
        @Option(help: "The checkpoint's id, as `checkpoint create` printed it.") var checkpoint: String
        @Option(name: .customLong("guard"), help: "The guard's token name.") var guardName: String?
        @Flag(help: "The round is nobody's in particular.") var nobody = false
        @OptionGroup var connection: ConnectionOptions

        func validate() throws {
            guard (guardName != nil) != nobody else { throw ValidationError("give either --guard NAME or --nobody") }
        }

        func run() async throws {
            try await withHub(connection, command: "checkpoint assign") { client in
                try await client.assignCheckpoint(checkpoint, site: site, to: guardName)
                print("checkpoint \(checkpoint) at \(site): \(guardName.map { "\($0)'s round" } ?? "nobody's round in particular")")
            }
        }
    }
}
