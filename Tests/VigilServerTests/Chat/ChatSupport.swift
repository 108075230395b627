import Foundation
import Testing
import VigilClient
import VigilCore

extension VigilClient {
    /// Sends a chat command to a room (or `chat/{site}`) and returns its `ok`.
    func chat(_ topic: String, _ type: String, _ data: JSONValue) async throws -> [String: JSONValue] {
        try await request(.publish(topic: topic, type: type, data: data))
    }

    /// The committed message of a `say`'s `ok`.
    func say(_ room: String, _ data: JSONValue) async throws -> JSONValue {
        try #require(try await chat(room, "say", data)["data"]?["message"])
    }

    /// Every stored event type of a topic, oldest first (pages of 500).
    func eventTypes(of topic: String) async throws -> [String] {
        try await history(topic: topic, limit: 500).map(\.type)
    }
}

extension TestHub {
    /// Uploads a fixture image and returns its hash.
    func thumbnail(_ name: String = "snapshot.jpg") async throws -> String {
        try #require(json(try await upload(fixtureImage(name)).body)["hash"]?.stringValue)
    }
}

/// An attachment of a thumbnail dragged from an alert.
func attachment(_ hash: String, alert: String = "al_x", scribble: JSONValue? = nil) -> JSONValue {
    var fields: [String: JSONValue] = ["thumbnail": .string(hash), "source": ["kind": "alert", "id": .string(alert), "ts": 1_767_225_600_000]]
    fields["scribble"] = scribble
    return .object(fields)
}
