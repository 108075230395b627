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
        guard let data = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) else {
            throw ValidationError("the data is not valid JSON")
        }
        let client = VigilClient(configuration: ClientConfiguration(
            url: connection.resolvedURL, token: try connection.resolvedToken(), caFile: connection.resolvedCA))
        do {
            let receipt = try await client.publish(topic: topic, type: type, data: data)
            print("ok \(topic)" + (receipt.seq.map { " seq \($0)" } ?? ""))
            await client.close()
        } catch {
            await client.close()
            FileHandle.standardError.write(Data("vigil pub: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}
