import ArgumentParser

@main
struct Vigil: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vigil",
        abstract: "Vigil: a real-time hub for security control rooms, guards, sensors and flood reporters.",
        subcommands: [
            Serve.self, SiteCommand.self, TokenCommand.self, CheckpointCommand.self, FloodCommand.self, ImportCommand.self, Pub.self, Sub.self,
            ChatCommand.self, ZonesCommand.self, StoreCommand.self, BackupCommand.self, RestoreCommand.self, AuditCommand.self,
            DemoCommand.self, SimulateCommand.self, BenchCommand.self, BridgeCommand.self, PushCommand.self,
        ])
}
