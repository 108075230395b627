import ArgumentParser
import Foundation
import VigilClient
import VigilCore

struct Pub: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Publish one event and wait for the hub's answer, e.g. vigil pub notice/hq notice '{\"text\":\"Gate B closed\"}'.")
    @Argument(help: "Topic, e.g. notice/hq.") var topic: String
    @Argument(help: "Event type, e.g. notice.") var type: String
    @Argument(help: "Event data as a JSON object.") var json: String = "{}"
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let data = try parseJSON(Data(json.utf8), what: "the data")
        try await withHub(connection, command: "pub") { client in
            let receipt = try await client.publish(topic: topic, type: type, data: data)
            print("ok \(topic)" + (receipt.seq.map { " seq \($0)" } ?? ""))
        }
    }
}
