import ArgumentParser
import Foundation
import VigilClient
import VigilCore

struct Sub: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a topic's events as JSON lines, reconnecting and resuming after drops.")
    @Argument(help: "Topic or pattern (`+` for one segment), e.g. notice/hq or notice/+.") var topic: String
    @Option(help: "Start after this seq (exact topics).") var since: UInt64?
    @Option(help: "Exit after this many events.") var count: Int?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let client = VigilClient(configuration: try connection.clientConfiguration())
        var received = 0
        do {
            for try await event in try await client.subscribe(topic, since: since) {
                let line = ServerFrame.event(
                    topic: event.topic, seq: event.seq, type: event.type, ts: event.ts, from: event.from, epoch: event.epoch,
                    dataJSON: event.data.canonicalText)
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
                received += 1
                if let count, received >= count { break }
            }
            await client.close()
        } catch {
            await client.close()
            tell(error, command: "sub", connection: connection)
            throw ExitCode(2)
        }
    }
}
